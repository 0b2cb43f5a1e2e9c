import { canonicalJson } from '@skill-service/util';

// Fixed locale and options: "item 2" sorts before "item 10", and the order is the same everywhere.
// Made on first use: a collator maps ~2 MB of ICU data, which an idle server need not hold.
let collator: Intl.Collator | undefined;

function typeRank(value: unknown): number {
  if (typeof value === 'number') return 0;
  if (typeof value === 'string') return 1;
  if (typeof value === 'boolean') return 2;
  return 3;
}

/**
 * A total order on JSON values for sorting: numbers, then strings (natural order), then booleans
 * (false first), then objects and lists (by canonical JSON). Missing and null are not ordered
 * here: callers put them last.
 */
export function compareValues(a: unknown, b: unknown): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'variant' })).compare(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const [left, right] = [canonicalJson(a), canonicalJson(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

/** JSON equality: key order ignored, 1 equals 1.0. */
export function equalValues(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  return canonicalJson(a) === canonicalJson(b);
}
