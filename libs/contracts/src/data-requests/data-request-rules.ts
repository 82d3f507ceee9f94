// Data requests' rules and fixed values, without zod: the pages that show requests read them and must not load the schemas.
import type { Role } from '../auth/access';

/**
 * Whether an export asked by `role` needs a reason. Staff hand a child's data to someone on the guardian's behalf,
 * and the data-protection officer must be able to say why each time; the guardian asking from its own account for
 * its own child's data needs to give none.
 */
export function exportReasonRequired(role: Role | 'system' | null | undefined): boolean {
  return role !== 'beneficiary';
}

/** What a request shows of a child that no longer exists (erased): its id and name are gone. */
export const ERASED_CHILD = { id: 'erased', fullName: 'erased' } as const;
