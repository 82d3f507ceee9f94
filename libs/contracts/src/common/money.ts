import { z } from 'zod';
import { MONEY_PATTERN } from './money-math';

export * from './money-math';

/** A decimal string with exactly two places: "1500.00", "-20.50". */
export const Money = z.string().regex(MONEY_PATTERN, 'Amount must be a decimal with two places, e.g. 1500.00');
export type Money = z.infer<typeof Money>;
