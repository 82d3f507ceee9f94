import { column, ColumnMap } from './column-map';

const things = new ColumnMap({
  id: column<string>('uuid', { api: 'id' }),
  ownerId: column<string | null>('varchar', { column: 'owner_id', api: 'ownerId' }),
  amount: column<string>('numeric', { api: 'amount' }),
  day: column<string>('date', { api: 'day' }),
  until: column<string | null>('date', { read: (ref) => `${ref}::text` }),
  busy: column<boolean>('boolean', { api: 'busy', generated: (row) => `(${row}.until IS NOT NULL)` }),
  createdAt: column<string>('timestamptz', { column: 'created_at', api: 'createdAt' }),
});

describe('ColumnMap', () => {
  it('selects each field under its name, read as the API shows it by type unless the column says otherwise', () => {
    expect(things.select('t')).toBe(
      `t.id, t.owner_id AS "ownerId", t.amount::text AS amount, to_char(t.day, 'YYYY-MM-DD') AS day, t.until::text AS until, t.busy, ` +
        `to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`,
    );
    expect(things.select(null, ['id', 'ownerId'])).toBe(`id, owner_id AS "ownerId"`);
  });

  it('builds the API object in SQL from the fields the API shows, then the keys made from other columns', () => {
    expect(things.jsonObject('t', { url: `'/things/' || t.id` })).toBe(
      `json_build_object('id', t.id, 'ownerId', t.owner_id, 'amount', t.amount::text, 'day', to_char(t.day, 'YYYY-MM-DD'), 'busy', t.busy, ` +
        `'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'url', '/things/' || t.id)`,
    );
    expect(things.jsonObject('NEW', {}, { beforeTrigger: true })).toContain(`'busy', (NEW.until IS NOT NULL)`);
  });

  it('gives the API object of a row read with its select list', () => {
    const row = {
      id: 'a',
      ownerId: null,
      amount: '1.00',
      day: '2026-03-02',
      until: null,
      busy: false,
      createdAt: '2026-03-02T08:00:00.000Z',
    };
    expect(things.apiOf(row)).toEqual({
      id: 'a',
      ownerId: null,
      amount: '1.00',
      day: '2026-03-02',
      busy: false,
      createdAt: '2026-03-02T08:00:00.000Z',
    });
  });

  it('writes the fields it is given, in the map’s order, and nothing else', () => {
    expect(things.insert('things', { createdAt: 'now', id: 'a', amount: '2' })).toEqual({
      sql: 'INSERT INTO things (id, amount, created_at) VALUES ($1, $2, $3)',
      params: ['a', '2', 'now'],
    });
    const notAField = { amount: '3', colour: 'red' } as Parameters<typeof things.assignments>[0];
    expect(things.assignments(notAField, 2)).toEqual({ sql: 'amount = $2', params: ['3'] });
    expect(things.types(['id', 'ownerId', 'createdAt'])).toEqual({
      id: 'uuid',
      owner_id: 'varchar',
      created_at: 'timestamptz',
    });
  });

  it('takes a form’s fields from an API-shaped body into the fields that keep them, a missing one as null', () => {
    expect(things.fromApi({ ownerId: 'o', amount: '5', colour: 'red' }, ['ownerId', 'amount', 'day'])).toEqual({
      ownerId: 'o',
      amount: '5',
      day: null,
    });
  });

  it('refuses an object PostgreSQL cannot build in one call', () => {
    const wide = new ColumnMap(
      Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, column<string>('text', { api: `f${i}` })])),
    );
    expect(() => wide.jsonObject('t')).toThrow(/at most 50 keys/);
  });
});
