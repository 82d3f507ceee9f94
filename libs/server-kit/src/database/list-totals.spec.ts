import { ListTotals } from './list-totals';

describe('ListTotals', () => {
  it('knows nothing before a total is remembered', () => {
    expect(new ListTotals().lookup('search=a')).toBeNull();
  });

  it('answers a remembered total with the version it was counted at', () => {
    const totals = new ListTotals();
    totals.remember('7', 'search=a', 12);
    totals.remember('7', 'county=busia', 3);
    expect(totals.lookup('search=a')).toEqual({ version: '7', total: 12 });
    expect(totals.lookup('county=busia')).toEqual({ version: '7', total: 3 });
    expect(totals.lookup('search=b')).toBeNull();
  });

  it('forgets every total when a newer version is seen', () => {
    const totals = new ListTotals();
    totals.remember('7', 'search=a', 12);
    totals.remember('8', 'county=busia', 4);
    expect(totals.lookup('search=a')).toBeNull();
    expect(totals.lookup('county=busia')).toEqual({ version: '8', total: 4 });
  });

  it('ignores a total counted at an older version than the one it holds (numbers, not text, compared)', () => {
    const totals = new ListTotals();
    totals.remember('10', 'search=a', 12);
    totals.remember('9', 'search=a', 11);
    totals.remember('9', 'search=b', 5);
    expect(totals.lookup('search=a')).toEqual({ version: '10', total: 12 });
    expect(totals.lookup('search=b')).toBeNull();
  });

  it('keeps at most its capacity, forgetting the oldest filter first', () => {
    const totals = new ListTotals(2);
    totals.remember('1', 'a', 1);
    totals.remember('1', 'b', 2);
    totals.remember('1', 'a', 3);
    totals.remember('1', 'c', 4);
    expect(totals.lookup('a')).toBeNull();
    expect(totals.lookup('b')).toEqual({ version: '1', total: 2 });
    expect(totals.lookup('c')).toEqual({ version: '1', total: 4 });
  });

  describe('withPage', () => {
    type Page = { version: string; total?: number };
    const reader = (versions: string[], total: number) => {
      const calls: (number | null)[] = [];
      const read = async (known: number | null): Promise<Page> => {
        calls.push(known);
        return known === null ? { version: versions.shift()!, total } : { version: versions.shift()! };
      };
      return { calls, read };
    };

    it('counts with the first page of a filter, then reads the next pages without counting', async () => {
      const totals = new ListTotals();
      const first = reader(['3'], 40);
      expect((await totals.withPage('search=a', first.read, (p) => p.total!)).total).toBe(40);
      expect(first.calls).toEqual([null]);
      const next = reader(['3'], 99);
      expect((await totals.withPage('search=a', next.read, (p) => p.total!)).total).toBe(40);
      expect(next.calls).toEqual([40]);
    });

    it('counts again, and remembers the new total, when the page was read at another version', async () => {
      const totals = new ListTotals();
      await totals.withPage('search=a', reader(['3'], 40).read, (p) => p.total!);
      const moved = reader(['4', '4'], 41);
      expect((await totals.withPage('search=a', moved.read, (p) => p.total!)).total).toBe(41);
      expect(moved.calls).toEqual([40, null]);
      expect(totals.lookup('search=a')).toEqual({ version: '4', total: 41 });
    });
  });
});
