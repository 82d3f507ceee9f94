/** GET /api/beneficiaries: the children's list; one child and what hangs off it are read under it. */
export const BENEFICIARIES_PATH = '/api/beneficiaries';

/** GET /api/beneficiaries/{id}: one child. */
export const childKey = (id: string) => [BENEFICIARIES_PATH, id] as const;

/** GET /api/beneficiaries/{id}/{part}: a part of one child (its key sits under the child's). */
export const childPartKey = (id: string, part: string) => [BENEFICIARIES_PATH, id, part] as const;

/**
 * The parts a child's profile reads as it opens, the ones its first screen needs first: the consents
 * (the photo's notice), the household, the special needs (the personal card), then the cards below.
 */
export const CHILD_PROFILE_PARTS = [
  'consents',
  'household-members',
  'special-needs',
  'school-performance',
  'school-fees',
  'documents',
] as const;

/**
 * Every read of /beneficiaries/{id} as it opens (its History card aside, which only some roles read):
 * the shell starts them with the page's code (the reads of its page in shell/src/pages/page-table.ts), the page finds them
 * under the same keys. mf-beneficiaries' child-profile-reads.spec.tsx keeps the two lists the same.
 */
export function childProfileReads(id: string): ReadonlyArray<readonly string[]> {
  return [childKey(id), ...CHILD_PROFILE_PARTS.map((part) => childPartKey(id, part))];
}
