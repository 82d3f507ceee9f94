import { useQuery } from '@tanstack/react-query';
import type { Beneficiary, BudgetItem, DashboardStats } from '@kcf/contracts';

/** The same keys the finance pages use, so one cache serves both (and a save there refreshes this). */
export const STATS_KEY = ['/api/dashboard/stats'] as const;
export const BUDGETS_KEY = ['/api/budgets'] as const;
/** The five newest registrations: the list answers newest first when no sort is given. */
export const RECENT_BENEFICIARIES_KEY = ['/api/beneficiaries', { limit: 5 }] as const;
export const RECENT_COUNT = 5;

export type RecentBeneficiary = Pick<Beneficiary, 'id' | 'fullName' | 'photoUrl' | 'photoThumbnailUrl' | 'isActive' | 'createdAt'>;

export const useDashboardStats = () => useQuery<DashboardStats>({ queryKey: STATS_KEY });
export const useRecentBeneficiaries = () => useQuery<RecentBeneficiary[]>({ queryKey: RECENT_BENEFICIARIES_KEY });
export const useBudgetItems = () => useQuery<BudgetItem[]>({ queryKey: BUDGETS_KEY });
