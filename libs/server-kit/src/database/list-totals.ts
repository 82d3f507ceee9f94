/**
 * What a list counted for a filter (how many rows match, and for some lists their amount), remembered per
 * filter for one version of the list's tables (a counter moved by every write in the writing transaction, such
 * as `beneficiaries_version`). Paging through a list, or many staff opening the same list, then costs one page
 * read instead of a count of every match each time. A total is only used when the page read in the same
 * statement saw the same version, so it is never stale; each process keeps its own, and a new version forgets
 * them all.
 */
export class ListTotals<T = number> {
  private version: string | null = null;
  private readonly totals = new Map<string, T>();

  constructor(private readonly capacity = 500) {}

  /** The total remembered for `filterKey`, with the version it holds for. */
  lookup(filterKey: string): { version: string; total: T } | null {
    if (this.version === null) return null;
    const total = this.totals.get(filterKey);
    return total === undefined ? null : { version: this.version, total };
  }

  remember(version: string, filterKey: string, total: T): void {
    if (version !== this.version) {
      // A slower request that read an older version has nothing to add.
      if (this.version !== null && BigInt(version) < BigInt(this.version)) return;
      this.totals.clear();
      this.version = version;
    }
    if (!this.totals.has(filterKey) && this.totals.size >= this.capacity) {
      this.totals.delete(this.totals.keys().next().value!);
    }
    this.totals.set(filterKey, total);
  }
}
