import { z } from 'zod';
import { Beneficiary } from './beneficiaries/beneficiary';
import { ConsentOverview } from './beneficiaries/consents';
import { BudgetItem } from './finance/budget';
import { DashboardStats } from './finance/stats';

/** How many of the newest beneficiaries the dashboard lists. */
export const DASHBOARD_RECENT_COUNT = 5;

/** What the Recent Beneficiaries card shows of a child: photo or initials, name, id, when registered, Active/Inactive. */
export const DashboardRecentBeneficiary = Beneficiary.pick({
  id: true,
  fullName: true,
  photoUrl: true,
  photoThumbnailUrl: true,
  isActive: true,
  createdAt: true,
});
export type DashboardRecentBeneficiary = z.infer<typeof DashboardRecentBeneficiary>;

/** What the Financial Overview shows of a budget item: its term, category and amounts. */
export const DashboardBudgetItem = BudgetItem.pick({
  id: true,
  quarter: true,
  year: true,
  category: true,
  plannedAmount: true,
  usedAmount: true,
});
export type DashboardBudgetItem = z.infer<typeof DashboardBudgetItem>;

/** The parts of the dashboard, each read from its own service. */
export const DASHBOARD_PARTS = ['stats', 'budgets', 'recentBeneficiaries', 'consents'] as const;
export type DashboardPart = (typeof DASHBOARD_PARTS)[number];

/**
 * GET /api/dashboard: everything the dashboard page shows, composed by the gateway in one answer. A part
 * the gateway could not read (its service down, too slow, or refusing) is `null`, and `errors` says why
 * for each such part; the other parts are whole. `errors` is empty when every part was read.
 */
export const Dashboard = z.object({
  /** The stat cards and the balance: the same object as GET /api/dashboard/stats. */
  stats: DashboardStats.nullable(),
  /** The budget items of the current term and year on the foundation's clock (the Financial Overview). */
  budgets: z.array(DashboardBudgetItem).nullable(),
  /** The newest beneficiaries first, at most DASHBOARD_RECENT_COUNT, as the signed-in user may see them. */
  recentBeneficiaries: z.array(DashboardRecentBeneficiary).max(DASHBOARD_RECENT_COUNT).nullable(),
  /** Children lacking registration or photo consent, and the consents expiring soonest (the Consent card). */
  consents: ConsentOverview.nullable(),
  /** For each part that is null: the message of what went wrong (e.g. 'The finance service is unavailable'). */
  errors: z.partialRecord(z.enum(DASHBOARD_PARTS), z.string()),
});
export type Dashboard = z.infer<typeof Dashboard>;
