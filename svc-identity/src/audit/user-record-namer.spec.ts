import type { AuditNamesRepository } from './audit-names.repository';
import { UserRecordNamer } from './user-record-namer';

describe('a user named in the audit log', () => {
  const namer = new UserRecordNamer({} as AuditNamesRepository);

  it('by the username, for the user and for its password', () => {
    expect(namer.types).toEqual(['user', 'password']);
    expect(namer.label('user', 'u1', { username: 'grace' })).toBe('grace');
    expect(namer.label('password', 'u1', { username: 'grace' })).toBe('grace');
  });

  it('nothing when the facts do not say (an erased or missing username)', () => {
    expect(namer.label('user', 'u1', { username: 'erased' })).toBeNull();
    expect(namer.label('user', 'u1', {})).toBeNull();
  });
});
