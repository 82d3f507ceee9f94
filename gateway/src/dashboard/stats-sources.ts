import { BeneficiaryStats, FinanceStats } from '@kcf/contracts';
import { AppError, InternalClient } from '@kcf/server-kit';

export const INTERNAL_STATS_PATH = '/internal/stats';

/** Where the dashboard's numbers come from: each domain service's internal stats. */
export interface StatsSources {
  beneficiaries(): Promise<BeneficiaryStats>;
  finance(): Promise<FinanceStats>;
}

async function fetchStats<T>(client: InternalClient, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, what: string): Promise<T> {
  const { status, body } = await client.request<unknown>('GET', INTERNAL_STATS_PATH, { timeoutMs: 5000 }).catch(() => {
    throw new AppError('UPSTREAM_UNAVAILABLE', `The ${what} service is unavailable`);
  });
  const parsed = status === 200 ? schema.safeParse(body) : undefined;
  if (!parsed?.success) throw new AppError('UPSTREAM_UNAVAILABLE', `The ${what} service is unavailable`);
  return parsed.data;
}

/** Calls the services over HTTP with the gateway's own signed (system) context. */
export function httpStatsSources(beneficiaries: InternalClient, finance: InternalClient): StatsSources {
  return {
    beneficiaries: () => fetchStats(beneficiaries, BeneficiaryStats, 'beneficiaries'),
    finance: () => fetchStats(finance, FinanceStats, 'finance'),
  };
}
