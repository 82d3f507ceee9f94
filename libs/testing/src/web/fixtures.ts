import type { Beneficiary } from '@kcf/contracts';
import type { CurrentUser } from '@kcf/web-kit';

/** A signed-in user for the specs: Grace Wanjiru, an active superadmin, unless told otherwise. */
export function currentUser(fields: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    username: 'gwanjiru',
    firstName: 'Grace',
    lastName: 'Wanjiru',
    role: 'superadmin',
    email: null,
    profileImageUrl: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    isActive: true,
    mustChangePassword: false,
    beneficiaryId: null,
    ...fields,
  };
}

/** A child for the specs: Amani Wekesa, KCF-000123, in Grade 5 at Funyula Primary, unless told otherwise. */
export function beneficiary(fields: Partial<Beneficiary> = {}): Beneficiary {
  return {
    id: 'KCF-000123',
    fullName: 'Amani Wekesa',
    dateOfBirth: '2014-03-09',
    age: 12,
    homeVillage: 'Funyula',
    subCounty: 'Samia',
    county: 'busia',
    guardianName: 'Mary Wekesa',
    guardianPhone: '0722 345 678',
    schoolName: 'Funyula Primary',
    gradeLevel: 'grade_5',
    isActive: true,
    photoUrl: null,
    birthCertificateUrl: null,
    specialNeeds: null,
    hasSpecialNeeds: false,
    createdBy: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-11-24T11:03:00.000Z',
    ...fields,
  };
}
