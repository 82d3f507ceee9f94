import { filterParams, isFiltered, NO_FILTERS } from './user-filters';

describe('user filters', () => {
  it('send only what is set, the search trimmed', () => {
    expect(filterParams(NO_FILTERS)).toEqual({});
    expect(filterParams({ search: '  amina ', role: '', status: 'inactive' })).toEqual({
      search: 'amina',
      status: 'inactive',
    });
    expect(filterParams({ search: '', role: 'beneficiary', status: '' })).toEqual({ role: 'beneficiary' });
  });

  it('narrow the list once any is set (a blank search does not)', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, search: '   ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, role: 'admin' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, status: 'active' })).toBe(true);
  });
});
