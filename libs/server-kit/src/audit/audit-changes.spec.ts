import { changedFields } from './audit-changes';

describe('changedFields', () => {
  it('lists a create from null, an update by its differing fields, a delete to null', () => {
    expect(changedFields(null, { id: 1, name: 'A' })).toEqual([
      { field: 'id', from: null, to: 1 },
      { field: 'name', from: null, to: 'A' },
    ]);
    expect(changedFields({ id: 1, name: 'A', tags: ['x'] }, { id: 1, name: 'B', tags: ['x'] })).toEqual([
      { field: 'name', from: 'A', to: 'B' },
    ]);
    expect(changedFields({ id: 1 }, null)).toEqual([{ field: 'id', from: 1, to: null }]);
  });

  it('never keeps passwords, hashes, tokens, secrets or timestamps, but keeps the must-change flag', () => {
    const before = {
      password: 'a',
      passwordHash: 'h',
      newPassword: 'n',
      sessionToken: 't',
      apiSecret: 's',
      updatedAt: 'x',
      mustChangePassword: false,
    };
    const after = {
      password: 'b',
      passwordHash: 'i',
      newPassword: 'm',
      sessionToken: 'u',
      apiSecret: 'r',
      updatedAt: 'y',
      mustChangePassword: true,
    };
    expect(changedFields(before, after)).toEqual([{ field: 'mustChangePassword', from: false, to: true }]);
  });

  it('leaves out the fields asked', () => {
    expect(changedFields({ a: 1, b: 1 }, { a: 2, b: 2 }, ['b'])).toEqual([{ field: 'a', from: 1, to: 2 }]);
  });
});
