import { z } from 'zod';

/** Any record id: an opaque, non-empty string (services choose their own format). */
export const Id = z.string().trim().min(1, 'Id is required').max(100, 'Id must be 100 characters or less');
export type Id = z.infer<typeof Id>;

/** Human-readable, sequential beneficiary ids: `KCF-000123`. */
export const BENEFICIARY_ID_PREFIX = 'KCF-';
const BENEFICIARY_ID_PATTERN = /^KCF-\d{6,}$/;

export const BeneficiaryId = z
  .string()
  .trim()
  .regex(BENEFICIARY_ID_PATTERN, 'Beneficiary id must look like KCF-000123');
export type BeneficiaryId = z.infer<typeof BeneficiaryId>;

/** The id of the `sequence`-th beneficiary: 123 -> 'KCF-000123'. */
export function formatBeneficiaryId(sequence: number): BeneficiaryId {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`Beneficiary sequence must be a positive integer, got ${sequence}`);
  }
  return `${BENEFICIARY_ID_PREFIX}${String(sequence).padStart(6, '0')}`;
}

export function isBeneficiaryId(value: string): boolean {
  return BENEFICIARY_ID_PATTERN.test(value);
}
