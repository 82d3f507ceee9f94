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

  /**
   * A page of the list and its filter's total. `read(known)` reads the page with the table's version: given the
   * remembered total it may leave the count out; given null it must count (its total is then `countedOf(page)`).
   * A remembered total is answered only when the page was read at its version; otherwise the page is read again
   * with its count, and that total remembered.
   */
  async withPage<P extends { version: string }>(
    filterKey: string,
    read: (known: T | null) => Promise<P>,
    countedOf: (page: P) => T,
  ): Promise<{ page: P; total: T }> {
    const known = this.lookup(filterKey);
    if (known) {
      const page = await read(known.total);
      if (page.version === known.version) return { page, total: known.total };
    }
    const page = await read(null);
    const total = countedOf(page);
    this.remember(page.version, filterKey, total);
    return { page, total };
  }

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
