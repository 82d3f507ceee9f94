import { ACCESS_LEVELS, ROLES, type AccessLevel, type Role } from '@kcf/contracts';
import type { UserContext } from '../context/user-context';
import { decideAccess } from './access.guard';

const user = (role: UserContext['role'], mustChangePassword = false): UserContext => ({
  userId: 'u',
  role,
  sessionId: 's',
  beneficiaryId: null,
  mustChangePassword,
});

/** The contract's table, written out by hand so the code cannot silently drift from it. */
const EXPECTED: Record<Exclude<AccessLevel, 'public' | 'internal'>, Role[]> = {
  signedIn: ['viewer', 'admin', 'superadmin', 'beneficiary'],
  read: ['viewer', 'admin', 'superadmin'],
  readOwnBeneficiary: ['viewer', 'admin', 'superadmin', 'beneficiary'],
  write: ['admin', 'superadmin'],
  delete: ['superadmin'],
  manageUsers: ['superadmin'],
  changeConsent: ['admin', 'superadmin', 'beneficiary'],
  readChildHistory: ['admin', 'superadmin'],
  readAudit: ['superadmin'],
  manageDataRequests: ['superadmin'],
  requestExport: ['superadmin', 'beneficiary'],
};

describe('decideAccess', () => {
  it('follows the contract for every role and level', () => {
    for (const level of ACCESS_LEVELS) {
      for (const role of ROLES) {
        const d = decideAccess(level, user(role));
        const expected = level === 'public' ? true : level === 'internal' ? false : EXPECTED[level].includes(role);
        expect({ level, role, allow: d.allow }).toEqual({ level, role, allow: expected });
        if (!d.allow) expect(d.error.status).toBe(403);
      }
    }
  });

  it('answers 401 to the signed-out except on public routes', () => {
    for (const level of ACCESS_LEVELS) {
      const d = decideAccess(level, undefined);
      if (level === 'public') expect(d.allow).toBe(true);
      else expect(!d.allow && d.error.status).toBe(401);
    }
  });

  it('refuses a route with no declared access, whoever asks', () => {
    const d = decideAccess(undefined, user('superadmin'));
    expect(!d.allow && d.error.status).toBe(403);
  });

  it('lets system callers use internal routes only', () => {
    expect(decideAccess('internal', user('system')).allow).toBe(true);
    expect(decideAccess('read', user('system')).allow).toBe(false);
  });

  it('holds a user who must change the password to signed-in routes', () => {
    expect(decideAccess('signedIn', user('admin', true)).allow).toBe(true);
    const d = decideAccess('read', user('admin', true));
    expect(!d.allow && d.error.message).toBe('Password change required');
    expect(!d.allow && d.error.status).toBe(403);
  });
});
