import { BeneficiaryListQuery } from '@kcf/contracts';
import { buildFilter, buildOrder, pageWalk, type PageWalk } from './list-sql';

describe('buildFilter', () => {
  const today = '2026-03-02';
  const none = buildFilter(BeneficiaryListQuery.parse({}), null, today);

  it('passes null for every filter not given', () => {
    expect(none.params).toEqual([null, null, null, null, null, null, null]);
  });

  it('puts every value in a parameter, the SQL text the same whatever is filtered', () => {
    const filter = buildFilter(
      BeneficiaryListQuery.parse({
        search: "O'Brien; DROP TABLE",
        county: 'busia',
        schoolStatus: 'inactive',
        specialNeeds: 'no',
      }),
      null,
      today,
    );
    expect(filter.where).toBe(none.where);
    expect(filter.where).not.toMatch(/brien|busia/i);
    expect(filter.params).toEqual([null, "%o'brien; drop table%", 'busia', false, false, null, null]);
    expect(
      buildFilter(
        BeneficiaryListQuery.parse({ schoolStatus: 'active', specialNeeds: 'yes', county: 'all' }),
        null,
        today,
      ).params,
    ).toEqual([null, null, null, true, true, null, null]);
  });

  it('narrows a beneficiary user to its child', () => {
    const filter = buildFilter(BeneficiaryListQuery.parse({ specialNeeds: 'yes' }), 'KCF-000007', today);
    expect(filter).toEqual({ where: none.where, params: ['KCF-000007', null, null, null, true, null, null] });
    expect(filter.where).toContain('($1::text IS NULL OR b.id = $1)');
  });

  it('filters by consent with the day a grant must still count on, so an expiry overnight needs no write', () => {
    const registration = buildFilter(BeneficiaryListQuery.parse({ consent: 'registration_missing' }), null, today);
    expect(registration).toEqual({ where: none.where, params: [null, null, null, null, null, today, null] });
    expect(buildFilter(BeneficiaryListQuery.parse({ consent: 'photos_missing' }), null, today).params).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      today,
    ]);
    expect(buildFilter(BeneficiaryListQuery.parse({ consent: 'all' }), null, today).params).toEqual(none.params);
    expect(none.where).toContain(
      '($6::date IS NULL OR b.registration_consent_until IS NULL OR b.registration_consent_until < $6)',
    );
    expect(BeneficiaryListQuery.safeParse({ consent: 'medical_missing' }).success).toBe(false);
  });

  it('searches for % and _ literally; a blank search is no filter', () => {
    expect(buildFilter(BeneficiaryListQuery.parse({ search: '50%_off\\' }), null, today).params[1]).toBe(
      '%50\\%\\_off\\\\%',
    );
    expect(buildFilter(BeneficiaryListQuery.parse({ search: '100%' }), null, today).params[1]).toBe('%100\\%%');
    expect(buildFilter(BeneficiaryListQuery.parse({ search: '   ' }), null, today).params[1]).toBeNull();
  });
});

describe('buildOrder', () => {
  it('puts the newest registrations first by default', () => {
    expect(buildOrder(undefined, 'asc')).toBe('ORDER BY b.number DESC');
  });

  it('sorts names case-insensitively, ties broken by the id number in the same direction', () => {
    expect(buildOrder('fullName', 'asc')).toBe('ORDER BY b.full_name_key ASC, b.number ASC');
    expect(buildOrder('guardianName', 'desc')).toBe('ORDER BY b.guardian_name_key DESC, b.number DESC');
  });

  it('sorts the youngest first for age ascending (latest birth date first)', () => {
    expect(buildOrder('age', 'asc')).toBe('ORDER BY b.date_of_birth DESC, b.number DESC');
    expect(buildOrder('age', 'desc')).toBe('ORDER BY b.date_of_birth ASC, b.number ASC');
  });

  it('sorts grades in school order and ids by their number', () => {
    expect(buildOrder('gradeLevel', 'asc')).toBe('ORDER BY b.grade_rank ASC, b.number ASC');
    expect(buildOrder('id', 'desc')).toBe('ORDER BY b.number DESC');
  });
});

describe('buildOrder backward', () => {
  it('is the same order from its end, ties included', () => {
    expect(buildOrder(undefined, 'asc', true)).toBe('ORDER BY b.number ASC');
    expect(buildOrder('fullName', 'asc', true)).toBe('ORDER BY b.full_name_key DESC, b.number DESC');
    expect(buildOrder('age', 'asc', true)).toBe('ORDER BY b.date_of_birth ASC, b.number ASC');
    expect(buildOrder('id', 'desc', true)).toBe('ORDER BY b.number ASC');
  });
});

describe('pageWalk', () => {
  /** The rows a walk reads, as positions in the forward order of `total` rows. */
  const rowsOf = (walk: PageWalk, total: number) => {
    const order = Array.from({ length: total }, (_, i) => i);
    const from = walk.backward ? [...order].reverse() : order;
    return from.slice(walk.offset, walk.offset + walk.limit).sort((a, b) => a - b);
  };

  it('walks forward in the first half', () => {
    expect(pageWalk(0, 50, 10_000)).toEqual({ backward: false, offset: 0, limit: 50 });
    expect(pageWalk(4950, 50, 10_000)).toEqual({ backward: false, offset: 4950, limit: 50 });
  });

  it('walks backward past the middle: the last page skips nothing', () => {
    expect(pageWalk(9950, 50, 10_000)).toEqual({ backward: true, offset: 0, limit: 50 });
    expect(pageWalk(9990, 50, 10_000)).toEqual({ backward: true, offset: 0, limit: 10 });
    expect(pageWalk(5000, 50, 10_000)).toEqual({ backward: true, offset: 4950, limit: 50 });
  });

  it('leaves a page past the end to the forward walk (it finds nothing)', () => {
    expect(pageWalk(10_000, 50, 10_000)).toEqual({ backward: false, offset: 10_000, limit: 50 });
    expect(pageWalk(3, 50, 0)).toEqual({ backward: false, offset: 3, limit: 50 });
  });

  it('reads exactly the rows of the forward page, for every offset and limit on small lists', () => {
    for (let total = 0; total <= 12; total++) {
      for (let offset = 0; offset <= total + 2; offset++) {
        for (let limit = 1; limit <= total + 2; limit++) {
          const expected = Array.from({ length: total }, (_, i) => i).slice(offset, offset + limit);
          const walk = pageWalk(offset, limit, total);
          expect(rowsOf(walk, total)).toEqual(expected);
          // The shorter way: index entries walked forward (offset + limit) or backward (total - offset).
          if (offset < total) expect(walk.offset + walk.limit).toBe(Math.min(offset + limit, total - offset));
        }
      }
    }
  });
});
