/**
 * How many children match a filter, remembered per filter for one version of the table
 * (`beneficiaries_version`, moved by every write in the writing transaction). Paging through a list, or
 * many staff opening the same list, then costs one page read instead of a count of every match each time.
 * A total is only used when the page read in the same statement saw the same version, so it is never stale;
 * each process keeps its own, and a new version forgets them all.
 */
export class ListTotals {
  private version: string | null = null;
  private readonly totals = new Map<string, number>();

  constructor(private readonly capacity = 500) {}

  /** The total remembered for `filterKey`, with the version it holds for. */
  lookup(filterKey: string): { version: string; total: number } | null {
    if (this.version === null) return null;
    const total = this.totals.get(filterKey);
    return total === undefined ? null : { version: this.version, total };
  }

  remember(version: string, filterKey: string, total: number): void {
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
