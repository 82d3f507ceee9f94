import { TtlLruCache } from './ttl-lru-cache';

describe('TtlLruCache', () => {
  it('forgets entries after the time to live', () => {
    let now = 0;
    const cache = new TtlLruCache<string, number>(10, 100, () => now);
    cache.set('a', 1);
    now = 99;
    expect(cache.get('a')).toBe(1);
    now = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its size', () => {
    const cache = new TtlLruCache<string, number>(2, 1000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it('remembers null answers but nothing at all with a zero time to live', () => {
    const cache = new TtlLruCache<string, number | null>(2, 1000);
    cache.set('x', null);
    expect(cache.get('x')).toBeNull();
    const off = new TtlLruCache<string, number>(2, 0);
    off.set('x', 1);
    expect(off.get('x')).toBeUndefined();
  });

  it('removes the entries whose value matches, or all of them', () => {
    const cache = new TtlLruCache<string, { user: string } | null>(10, 1000);
    cache.set('s1', { user: 'a' });
    cache.set('s2', { user: 'b' });
    cache.set('s3', { user: 'a' });
    cache.set('s4', null);
    cache.deleteWhere((v) => v?.user === 'a');
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3'), cache.get('s4')]).toEqual([
      undefined,
      { user: 'b' },
      undefined,
      null,
    ]);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
