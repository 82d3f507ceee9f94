import { z } from 'zod';

export const SPECIAL_NEED_CATEGORIES = [
  'school_fees',
  'food',
  'shelter',
  'health',
  'clothing',
  'transport',
  'other',
] as const;
export type SpecialNeedCategory = (typeof SPECIAL_NEED_CATEGORIES)[number];
export const SpecialNeedCategorySchema = z.enum(SPECIAL_NEED_CATEGORIES);

export const SPECIAL_NEED_CATEGORY_LABELS: Record<SpecialNeedCategory, string> = {
  school_fees: 'School Fees',
  food: 'Food',
  shelter: 'Shelter',
  health: 'Health',
  clothing: 'Clothing',
  transport: 'Transport',
  other: 'Other',
};

export const SPECIAL_NEED_STATUSES = ['active', 'ongoing', 'resolved'] as const;
export type SpecialNeedStatus = (typeof SPECIAL_NEED_STATUSES)[number];
export const SpecialNeedStatusSchema = z.enum(SPECIAL_NEED_STATUSES);

export const SPECIAL_NEED_STATUS_LABELS: Record<SpecialNeedStatus, string> = {
  active: 'Active',
  ongoing: 'Ongoing',
  resolved: 'Resolved',
};
