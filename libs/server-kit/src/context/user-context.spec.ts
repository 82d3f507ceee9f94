import {
  signUserContext,
  verifyUserContext,
  USER_CONTEXT_HEADER,
  USER_CONTEXT_SIGNATURE_HEADER,
  type UserContext,
} from './user-context';

const secret = 'a'.repeat(40);
const ctx: UserContext = {
  userId: 'u1',
  role: 'admin',
  sessionId: 's1',
  beneficiaryId: null,
  mustChangePassword: false,
  username: 'mary',
  name: 'Mary Wanjiku',
};

describe('signed user context', () => {
  it('round-trips a fresh context', () => {
    const now = 1_700_000_000_000;
    expect(verifyUserContext(signUserContext(ctx, secret, now), secret, now + 1000)).toEqual(ctx);
  });

  it('refuses unsigned, tampered, wrongly keyed and stale contexts', () => {
    const now = 1_700_000_000_000;
    const headers = signUserContext(ctx, secret, now);
    expect(verifyUserContext({}, secret, now)).toBeNull();
    expect(verifyUserContext({ [USER_CONTEXT_HEADER]: headers[USER_CONTEXT_HEADER] }, secret, now)).toBeNull();
    const forged = Buffer.from(
      JSON.stringify({ uid: 'u1', role: 'superadmin', sid: 's1', bid: null, mcp: false, ts: now }),
    ).toString('base64url');
    expect(verifyUserContext({ ...headers, [USER_CONTEXT_HEADER]: forged }, secret, now)).toBeNull();
    expect(verifyUserContext(headers, 'b'.repeat(40), now)).toBeNull();
    expect(verifyUserContext(headers, secret, now + 31_000)).toBeNull();
    expect(verifyUserContext(headers, secret, now - 31_000)).toBeNull();
    expect(verifyUserContext({ ...headers, [USER_CONTEXT_SIGNATURE_HEADER]: 'x' }, secret, now)).toBeNull();
  });
});
