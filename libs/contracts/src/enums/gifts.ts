import { z } from 'zod';

export const GIFT_TYPES = ['christmas', 'special'] as const;
export type GiftType = (typeof GIFT_TYPES)[number];
export const GiftTypeSchema = z.enum(GIFT_TYPES);

export const GIFT_TYPE_LABELS: Record<GiftType, string> = {
  christmas: 'Christmas',
  special: 'Special',
};
