import * as contracts from '../index';
import type { ErrorEntry } from './catalogue';

const STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 500, 502, 503];

function isEntry(value: unknown): value is ErrorEntry<unknown> {
  return !!value && typeof value === 'object' && 'code' in value && 'status' in value && 'message' in value;
}

/** Every catalogue the contracts export: an object whose values are all error entries. */
const catalogues = Object.entries(contracts as Record<string, unknown>).filter(
  (pair): pair is [string, Record<string, ErrorEntry<unknown>>] => {
    const value = pair[1];
    return (
      !!value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0 &&
      Object.values(value).every(isEntry)
    );
  },
);

/** Parameters for any message: each one asked for is named back ('<term>'). */
const anyParams = new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? `<${key}>` : undefined) });
/** The parameters of a message that chooses its words by a value of the contract (not any text). */
const SAMPLE_PARAMS: Record<string, unknown> = {
  'beneficiaries.fileTooLarge': { kind: 'photo' },
  'beneficiaries.fileWrongType': { kind: 'photo' },
};

describe('the error catalogues', () => {
  it("are found: the common one and each domain's", () => {
    const names = catalogues.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['COMMON_ERRORS', 'IDENTITY_ERRORS', 'BENEFICIARIES_ERRORS', 'FINANCE_ERRORS']),
    );
  });

  it('give every entry a code unique across the product, `<domain>.<name>`, one domain a catalogue', () => {
    const codes = catalogues.flatMap(([, catalogue]) => Object.values(catalogue).map((entry) => entry.code));
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    const domains = catalogues.map(
      ([, catalogue]) => new Set(Object.values(catalogue).map((entry) => entry.code.split('.')[0])),
    );
    for (const domain of domains) expect(domain.size).toBe(1);
    const all = domains.map((domain) => [...domain][0]);
    expect(new Set(all).size).toBe(all.length);
    for (const [, catalogue] of catalogues) {
      for (const [name, entry] of Object.entries(catalogue))
        expect(entry.code).toMatch(new RegExp(`^[a-zA-Z]+\\.${name}$`));
    }
  });

  it('give every entry an HTTP status and a message', () => {
    for (const [catalogueName, catalogue] of catalogues) {
      for (const [name, entry] of Object.entries(catalogue)) {
        const message = entry.message(SAMPLE_PARAMS[entry.code] ?? anyParams);
        expect({ entry: `${catalogueName}.${name}`, status: STATUSES.includes(entry.status) }).toEqual({
          entry: `${catalogueName}.${name}`,
          status: true,
        });
        expect(typeof message).toBe('string');
        expect({
          entry: `${catalogueName}.${name}`,
          message: message.trim().length > 0 && !message.includes('undefined'),
        }).toEqual({
          entry: `${catalogueName}.${name}`,
          message: true,
        });
      }
    }
  });
});
