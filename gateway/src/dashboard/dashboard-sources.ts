import {
  COMMON_ERRORS,
  INTERNAL,
  type BeneficiaryStats,
  type ConsentOverview,
  type DashboardBudgetItem,
  type DashboardRecentBeneficiary,
  type ErrorEntry,
  type FinanceStats,
  type Term,
} from '@kcf/contracts';
import { AppError, InternalCallRefused, type InternalClient, type UserContext } from '@kcf/server-kit/http';

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
  /** Children lacking consent and the grants expiring soonest (internal, like the stats: the dashboard is staff only). */
  consentOverview(): Promise<ConsentOverview>;
}

/** The refusals a service answers a user's call with; the first of a status is the one for other words. */
const REFUSALS: ErrorEntry[] = [
  COMMON_ERRORS.unauthorized,
  COMMON_ERRORS.forbidden,
  COMMON_ERRORS.passwordChangeRequired,
  COMMON_ERRORS.notFound,
];

/** The entry of a refusal: the one with the service's words, else its status's own. */
function refusalOf(status: number, message: unknown): ErrorEntry | undefined {
  const ofStatus = REFUSALS.filter((entry) => entry.status === status);
  return ofStatus.find((entry) => entry.message() === message) ?? ofStatus[0];
}

/** Whatever went wrong with a call: 'The <service> service is unavailable' (502), as GET /api/dashboard/stats answers. */
function unavailable(service: string) {
  return (): never => {
    throw AppError.of(COMMON_ERRORS.upstreamUnavailable, { service });
  };
}

/**
 * A call made for the user: a refusal the service explained (401, 403 or 404 with a message, e.g. 'Forbidden'
 * or 'Password change required') is that refusal; anything else (no answer, a 5xx, an answer that does not
 * fit the contract) is unavailable.
 */
function refusedOrUnavailable(service: string) {
  return (error: unknown): never => {
    if (error instanceof InternalCallRefused) {
      const message = (error.body as { message?: unknown } | undefined)?.message;
      const refusal = typeof message === 'string' && message ? refusalOf(error.status, message) : undefined;
      if (refusal) throw AppError.of(refusal);
    }
    return unavailable(service)();
  };
}

/** Calls the services over HTTP; every answer is parsed with its INTERNAL entry's schema on receipt. */
export function httpDashboardSources(beneficiaries: InternalClient, finance: InternalClient): DashboardSources {
  const timeoutMs = DASHBOARD_PART_TIMEOUT_MS;
  return {
    beneficiaryStats: () =>
      beneficiaries.call(INTERNAL.beneficiaryStats, undefined, { timeoutMs }).catch(unavailable('beneficiaries')),
    financeStats: () => finance.call(INTERNAL.financeStats, undefined, { timeoutMs }).catch(unavailable('finance')),
    termBudgets: (user, term) =>
      finance.call(INTERNAL.termBudgets, term, { as: user, timeoutMs }).catch(refusedOrUnavailable('finance')),
    newestBeneficiaries: (user, limit) =>
      beneficiaries
        .call(INTERNAL.newestBeneficiaries, { limit }, { as: user, timeoutMs })
        .catch(refusedOrUnavailable('beneficiaries')),
    consentOverview: () =>
      beneficiaries.call(INTERNAL.consentOverview, undefined, { timeoutMs }).catch(unavailable('beneficiaries')),
  };
}
