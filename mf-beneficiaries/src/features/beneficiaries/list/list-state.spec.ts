import { emptyListText, hasFilters, stateOf, toggleSort, valuesOf } from './list-state';
import { listParams } from '../api';

describe('list state in the address', () => {
  it('reads filters and sort, ignoring values the screen does not offer', () => {
    const { filters, sort } = stateOf({
      search: 'amani',
      county: 'busia',
      schoolStatus: 'inactive',
      specialNeeds: 'yes',
      consent: 'photos_missing',
      sort: 'age',
      dir: 'desc',
    });
    expect(filters).toEqual({
      search: 'amani',
      county: 'busia',
      schoolStatus: 'inactive',
      specialNeeds: 'yes',
      consent: 'photos_missing',
    });
    expect(sort).toEqual({ sort: 'age', dir: 'desc' });

    const odd = stateOf({
      county: 'nairobi',
      schoolStatus: 'all',
      consent: 'medical_missing',
      sort: 'photo',
      dir: 'sideways',
    });
    expect(odd.filters).toEqual({ search: '', county: '', schoolStatus: '', specialNeeds: '', consent: '' });
    expect(odd.sort).toEqual({ sort: null, dir: 'asc' });
  });

  it('writes back only what is set, the direction only with its column', () => {
    const values = valuesOf(
      { search: 'KCF-0001', county: '', schoolStatus: 'active', specialNeeds: '', consent: 'registration_missing' },
      { sort: 'fullName', dir: 'asc' },
    );
    expect(values).toEqual({
      search: 'KCF-0001',
      county: '',
      schoolStatus: 'active',
      specialNeeds: '',
      consent: 'registration_missing',
      sort: 'fullName',
      dir: 'asc',
    });
    expect(stateOf(values).sort).toEqual({ sort: 'fullName', dir: 'asc' });
    expect(
      valuesOf(
        { search: '', county: '', schoolStatus: '', specialNeeds: '', consent: '' },
        { sort: null, dir: 'desc' },
      ),
    ).toMatchObject({ sort: '', dir: '' });
  });
});

describe('toggleSort', () => {
  it('starts a new column ascending and flips the same column', () => {
    const first = toggleSort({ sort: null, dir: 'asc' }, 'guardianName');
    expect(first).toEqual({ sort: 'guardianName', dir: 'asc' });
    const second = toggleSort(first, 'guardianName');
    expect(second).toEqual({ sort: 'guardianName', dir: 'desc' });
    expect(toggleSort(second, 'guardianName')).toEqual({ sort: 'guardianName', dir: 'asc' });
    expect(toggleSort(second, 'isActive')).toEqual({ sort: 'isActive', dir: 'asc' });
  });
});

describe('listParams', () => {
  it("leaves out 'all' (empty) filters and sends the direction only with a sort column", () => {
    expect(
      listParams(
        { search: '  ', county: '', schoolStatus: '', specialNeeds: 'no', consent: '' },
        { sort: null, dir: 'desc' },
      ),
    ).toEqual({
      search: undefined,
      county: undefined,
      schoolStatus: undefined,
      specialNeeds: 'no',
      consent: undefined,
      sort: undefined,
      dir: undefined,
    });
    expect(
      listParams(
        { search: ' wek ', county: 'vihiga', schoolStatus: '', specialNeeds: '', consent: 'photos_missing' },
        { sort: 'schoolName', dir: 'desc' },
      ),
    ).toMatchObject({
      search: 'wek',
      county: 'vihiga',
      consent: 'photos_missing',
      sort: 'schoolName',
      dir: 'desc',
    });
  });
});

describe('the empty list', () => {
  const none = { search: '', county: '', schoolStatus: '', specialNeeds: '', consent: '' };

  it("keeps the product's text for a list with no child at all, and says so when filters find nothing", () => {
    expect(emptyListText(none)).toBe('No beneficiaries found. Start by adding your first beneficiary.');
    expect(emptyListText({ ...none, county: 'busia' })).toBe('No beneficiaries match these filters.');
    expect(emptyListText({ ...none, search: 'zzz' })).toBe('No beneficiaries match these filters.');
    expect(hasFilters(none)).toBe(false);
    expect(hasFilters({ ...none, consent: 'photos_missing' })).toBe(true);
  });
});
