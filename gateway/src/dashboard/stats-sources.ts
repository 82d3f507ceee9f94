import { COMMON_ERRORS, INTERNAL, type BeneficiaryStats, type FinanceStats } from '@kcf/contracts';
import { AppError, type InternalClient } from '@kcf/server-kit';

/** Where the dashboard's numbers come from: each domain service's internal stats. */
export interface StatsSources {
  beneficiaries(): Promise<BeneficiaryStats>;
  finance(): Promise<FinanceStats>;
}

/** Calls the services over HTTP with the gateway's own signed (system) context; answers parsed on receipt. */
export function httpStatsSources(beneficiaries: InternalClient, finance: InternalClient): StatsSources {
  const unavailable = (service: string) => () => {
    throw AppError.of(COMMON_ERRORS.upstreamUnavailable, { service });
  };
  return {
    beneficiaries: () => beneficiaries.call(INTERNAL.beneficiaryStats, undefined, { timeoutMs: 5000 }).catch(unavailable('beneficiaries')),
    finance: () => finance.call(INTERNAL.financeStats, undefined, { timeoutMs: 5000 }).catch(unavailable('finance')),
  };
}
