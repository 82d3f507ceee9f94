import { z } from 'zod';
import { UserListQuery } from './list-query';

const fieldMessages = (result: z.ZodSafeParseResult<unknown>) => {
  const byField: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byField;
};

describe('UserListQuery', () => {
  it('takes no filter at all: the first page of 50', () => {
    expect(UserListQuery.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(UserListQuery.parse({ limit: '10', offset: '20' })).toEqual({ limit: 10, offset: 20 });
  });

  it("reads blank values and 'all' as no filter, and trims the search", () => {
    expect(UserListQuery.parse({ search: '  ', role: 'all', status: '' })).toEqual({ limit: 50, offset: 0 });
    expect(UserListQuery.parse({ search: ' Amina ', role: 'beneficiary', status: 'inactive' })).toEqual({
      search: 'Amina',
      role: 'beneficiary',
      status: 'inactive',
      limit: 50,
      offset: 0,
    });
  });

  it('refuses an unknown role or status and a long search with clear messages', () => {
    expect(fieldMessages(UserListQuery.safeParse({ role: 'owner', status: 'gone', search: 'a'.repeat(101) }))).toEqual({
      role: ['Role must be one of: viewer, admin, superadmin, beneficiary'],
      status: ['Status must be active or inactive'],
      search: ['Search must be 100 characters or less'],
    });
  });
});
