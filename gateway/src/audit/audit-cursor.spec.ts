import { decodeCursor, encodeCursor } from './audit-cursor';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('decodeCursor', () => {
  it('reads back a cursor this gateway made', () => {
    const cursor = { at: '2026-01-10T07:00:00.123Z', domain: 'finance' as const, seq: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    [
      'a time that is only a year (a date to Date.parse, no timestamp to the services)',
      cursorOf(['2026', 'identity', 1]),
    ],
    ['a time that is a day', cursorOf(['2026-01-10', 'identity', 1])],
    ['a time that is no time', cursorOf(['soon', 'identity', 1])],
    ['an unknown domain', cursorOf(['2026-01-10T07:00:00.000Z', 'payroll', 1])],
    ['a negative position', cursorOf(['2026-01-10T07:00:00.000Z', 'identity', -1])],
    ['a position that is no whole number', cursorOf(['2026-01-10T07:00:00.000Z', 'identity', 1.5])],
    ['too few parts', cursorOf(['2026-01-10T07:00:00.000Z', 'identity'])],
    ['an object', cursorOf({ at: '2026-01-10T07:00:00.000Z', domain: 'identity', seq: 1 })],
    ['text that is not base64 JSON', 'not-a-cursor'],
    ['a NUL', '\u0000'],
  ])('refuses %s', (_what, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
