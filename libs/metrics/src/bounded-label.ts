/**
 * Keeps a label's distinct values bounded: the first `max` values seen are kept as they are,
 * later new ones are reported as `overflow`, so a bug or a hostile input cannot grow a metric
 * without limit (each label value is a time series held in memory and scraped forever).
 */
export class BoundedLabel {
  private readonly seen = new Set<string>();

  constructor(
    private readonly max: number,
    private readonly overflow = 'other',
  ) {}

  value(raw: string): string {
    if (this.seen.has(raw)) return raw;
    if (this.seen.size >= this.max) return this.overflow;
    this.seen.add(raw);
    return raw;
  }

  clear(): void {
    this.seen.clear();
  }
}
