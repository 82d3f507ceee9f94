import { z } from 'zod';
import { Money } from '../common/money';

const Count = z.number().int().nonnegative();

/** svc-finance's part of the dashboard. */
export const FinanceStats = z.object({
  totalDonations: Money,
  totalExpenses: Money,
  /** Donations minus expenses; may be negative. */
  netBalance: Money,
});
export type FinanceStats = z.infer<typeof FinanceStats>;

/** svc-beneficiaries' part of the dashboard. */
export const BeneficiaryStats = z.object({
  totalBeneficiaries: Count,
  activeInSchool: Count,
  /** Special need records. */
  specialNeeds: Count,
});
export type BeneficiaryStats = z.infer<typeof BeneficiaryStats>;

/** GET /api/dashboard/stats: composed by the gateway from the two. */
export const DashboardStats = z.object({ ...BeneficiaryStats.shape, ...FinanceStats.shape });
export type DashboardStats = z.infer<typeof DashboardStats>;
