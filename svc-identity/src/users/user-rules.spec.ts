import { IDENTITY_ERRORS, ROLES } from '@kcf/contracts';
import { managementRefusal, roleChangeRefusal, type ManagedAction } from './user-rules';

const ACTIONS: ManagedAction[] = ['delete', 'reset', 'status'];

describe('managementRefusal', () => {
  it.each(ACTIONS)('refuses to %s oneself', (action) => {
    expect(managementRefusal('me', { id: 'me', role: 'superadmin' }, action)?.message()).toEqual(expect.any(String));
  });

  it.each(ACTIONS)('refuses to %s another superadmin', (action) => {
    expect(managementRefusal('me', { id: 'other', role: 'superadmin' }, action)?.message()).toEqual(
      expect.stringMatching(/superadmin/),
    );
  });

  it.each(ACTIONS)('allows to %s staff and beneficiary users', (action) => {
    for (const role of ['viewer', 'admin', 'beneficiary'] as const) {
      expect(managementRefusal('me', { id: 'other', role }, action)).toBeNull();
    }
  });
});

describe('roleChangeRefusal', () => {
  it('keeps a superadmin a superadmin', () => {
    for (const next of ROLES.filter((r) => r !== 'superadmin'))
      expect(roleChangeRefusal('superadmin', next)).toBe(IDENTITY_ERRORS.superadminRoleFixed);
    expect(roleChangeRefusal('superadmin', 'superadmin')).toBeNull();
  });

  it('promotes nobody to superadmin', () => {
    for (const current of ['viewer', 'admin', 'beneficiary'] as const) {
      expect(roleChangeRefusal(current, 'superadmin')).toBe(IDENTITY_ERRORS.noPromotionToSuperadmin);
    }
  });

  it('moves freely between viewer, admin and beneficiary', () => {
    expect(roleChangeRefusal('viewer', 'admin')).toBeNull();
    expect(roleChangeRefusal('admin', 'viewer')).toBeNull();
    expect(roleChangeRefusal('admin', 'beneficiary')).toBeNull();
  });
});
