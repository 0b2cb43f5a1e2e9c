/**
 * Milliseconds a `Retry-After` value asks to wait: delta-seconds or an HTTP date (a past date
 * means "now"). `undefined` for an absent or unparseable value, so the caller falls back to its
 * own backoff instead of trusting garbage.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only accept something that looks like a date: Date.parse is lenient with bare numbers.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
