import { uniqueName } from './unique-name';

describe('uniqueName', () => {
  it('keeps the prefix and gives a different name every time', () => {
    const names = Array.from({ length: 200 }, () => uniqueName('kcf-test'));
    expect(new Set(names).size).toBe(200);
    for (const name of names) expect(name).toMatch(/^kcf-test-[a-z0-9]+$/);
  });

  it('makes any prefix safe for buckets, streams and databases', () => {
    expect(uniqueName('Finance Tests_1')).toMatch(/^finance-tests-1-[a-z0-9]+$/);
    expect(uniqueName('***')).toMatch(/^t-[a-z0-9]+$/);
  });
});
