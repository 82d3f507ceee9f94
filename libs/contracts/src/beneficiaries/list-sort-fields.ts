// Without zod: the children's list screen sorts by these and must not load the schemas for it.

/** The columns GET /api/beneficiaries sorts by (`sort`). */
export const BENEFICIARY_SORT_FIELDS = [
  'id',
  'fullName',
  'guardianName',
  'age',
  'homeVillage',
  'schoolName',
  'gradeLevel',
  'isActive',
] as const;
export type BeneficiarySortField = (typeof BENEFICIARY_SORT_FIELDS)[number];
