import { COMMON_ERRORS, INTERNAL, type BeneficiaryStats, type DashboardBudgetItem, type DashboardRecentBeneficiary, type FinanceStats, type Term } from '@kcf/contracts';
import { AppError, InternalCallRefused, type ErrorCode, type InternalClient, type UserContext } from '@kcf/server-kit';

/** The longest the dashboard waits for any one part. */
export const DASHBOARD_PART_TIMEOUT_MS = 5000;

/**
 * Where the dashboard's parts come from. The numbers are each domain service's internal stats, asked with
 * the gateway's own (system) context; the budgets and the newest children are the services' public routes,
 * asked with the signed-in user's context, so each service still decides what that user may see.
 * Every method rejects with an AppError whose message says what went wrong (shown on the failed card).
 */
export interface DashboardSources {
  beneficiaryStats(): Promise<BeneficiaryStats>;
  financeStats(): Promise<FinanceStats>;
  termBudgets(user: UserContext, term: { year: number; quarter: Term }): Promise<DashboardBudgetItem[]>;
  newestBeneficiaries(user: UserContext, limit: number): Promise<DashboardRecentBeneficiary[]>;
}

const REFUSALS: Record<number, ErrorCode> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

/** Whatever went wrong with a call: 'The <service> service is unavailable' (502), as GET /api/dashboard/stats answers. */
function unavailable(service: string) {
  return (): never => {
    throw AppError.of(COMMON_ERRORS.upstreamUnavailable, { service });
  };
}

/**
 * A call made for the user: a refusal the service explained (401, 403 or 404 with a message, e.g. 'Forbidden')
 * keeps its words; anything else (no answer, a 5xx, an answer that does not fit the contract) is unavailable.
 */
function refusedOrUnavailable(service: string) {
  return (error: unknown): never => {
    if (error instanceof InternalCallRefused && REFUSALS[error.status]) {
      const message = (error.body as { message?: unknown } | undefined)?.message;
      if (typeof message === 'string' && message) throw new AppError(REFUSALS[error.status], message);
    }
    return unavailable(service)();
  };
}

/** Calls the services over HTTP; every answer is parsed with its INTERNAL entry's schema on receipt. */
export function httpDashboardSources(beneficiaries: InternalClient, finance: InternalClient): DashboardSources {
  const timeoutMs = DASHBOARD_PART_TIMEOUT_MS;
  return {
    beneficiaryStats: () => beneficiaries.call(INTERNAL.beneficiaryStats, undefined, { timeoutMs }).catch(unavailable('beneficiaries')),
    financeStats: () => finance.call(INTERNAL.financeStats, undefined, { timeoutMs }).catch(unavailable('finance')),
    termBudgets: (user, term) => finance.call(INTERNAL.termBudgets, term, { as: user, timeoutMs }).catch(refusedOrUnavailable('finance')),
    newestBeneficiaries: (user, limit) =>
      beneficiaries.call(INTERNAL.newestBeneficiaries, { limit }, { as: user, timeoutMs }).catch(refusedOrUnavailable('beneficiaries')),
  };
}
