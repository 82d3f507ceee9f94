import type { UserRow } from '../users/user-row';
import { localAccountFor, type LocalAccounts } from './provider-account';

const user = (username: string, email: string | null, isActive = true) =>
  ({ id: username, username, email, isActive }) as UserRow;

function accounts(users: UserRow[]): LocalAccounts {
  return {
    findByUsername: async (name) => users.find((u) => u.username.toLowerCase() === name.toLowerCase()) ?? null,
    findActiveByEmail: async (email) =>
      users.filter((u) => u.isActive && u.email?.toLowerCase() === email.toLowerCase()),
  };
}

const identity = (username: string | null, email: string | null, emailVerified: boolean | null = true) => ({
  subject: 'sub',
  username,
  email,
  emailVerified,
});

describe('localAccountFor', () => {
  const amina = user('amina', 'amina@example.org');
  const local = accounts([
    amina,
    user('ochieng', 'o@example.org', false),
    user('twin1', 'twins@example.org'),
    user('twin2', 'twins@example.org'),
  ]);

  it('matches the username in any case', async () => {
    expect(await localAccountFor(identity('AMINA', null), local)).toBe(amina);
  });

  it('falls back to a verified email', async () => {
    expect(await localAccountFor(identity('a.wekesa', 'Amina@Example.org'), local)).toBe(amina);
    expect(await localAccountFor(identity(null, 'amina@example.org', null), local)).toBe(amina);
  });

  it('refuses an inactive local user, an unverified or shared email, and strangers', async () => {
    expect(await localAccountFor(identity('ochieng', 'o@example.org'), local)).toBeNull();
    expect(await localAccountFor(identity(null, 'amina@example.org', false), local)).toBeNull();
    expect(await localAccountFor(identity(null, 'twins@example.org'), local)).toBeNull();
    expect(await localAccountFor(identity('stranger', 'stranger@example.org'), local)).toBeNull();
  });
});
