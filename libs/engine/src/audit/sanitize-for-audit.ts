import { REDACTED, type RedactKeyMatcher } from './redact-keys.js';

/** Written in place of an object or list that contains itself. */
export const CIRCULAR_MARKER = '[CIRCULAR]';
/** Written in place of a value nested deeper than `maxDepth`. */
export const MAX_DEPTH_MARKER = '[MAX_DEPTH]';
/** The key added to an object that had more than `maxItems` keys. */
export const TRUNCATED_KEYS_MARKER = '[truncated]';

export interface SanitizeLimits {
  readonly redact: RedactKeyMatcher;
  /** Infinity keeps every string whole. */
  readonly maxString: number;
  /** Infinity keeps every list item and object key. */
  readonly maxItems: number;
  readonly maxDepth: number;
}

/**
 * A plain-JSON copy of a value that is safe to write to an audit log: values under a redacted key
 * become `[REDACTED]` (at any depth), long strings and collections are cut with a marker that says
 * how much was dropped, nesting below `maxDepth` and cycles become markers. Never throws: whatever
 * the engine hands over (Dates, BigInts, Errors, class instances) becomes JSON data.
 */
export function sanitizeForAudit(value: unknown, limits: SanitizeLimits): unknown {
  const ancestors = new Set<object>();

  const visit = (raw: unknown, depth: number): unknown => {
    const current = toJsonForm(raw);
    switch (typeof current) {
      case 'string':
        return capString(current, limits.maxString);
      case 'number':
        return Number.isFinite(current) ? current : null;
      case 'boolean':
        return current;
      case 'bigint':
        return current.toString();
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (typeof current !== 'object' || current === null) return null;
    if (depth >= limits.maxDepth) return MAX_DEPTH_MARKER;
    if (ancestors.has(current)) return CIRCULAR_MARKER;
    ancestors.add(current);
    try {
      if (Array.isArray(current)) {
        const kept = current.slice(0, limits.maxItems).map((item: unknown) => visit(item, depth + 1) ?? null);
        const dropped = current.length - kept.length;
        if (dropped > 0) kept.push(`[truncated ${dropped} items]`);
        return kept;
      }
      const source = current as Record<string, unknown>;
      const keys = Object.keys(source);
      const copy: Record<string, unknown> = {};
      for (const key of keys.slice(0, limits.maxItems)) {
        const item = limits.redact(key) ? REDACTED : visit(source[key], depth + 1);
        // defineProperty: a `__proto__` key from parsed JSON must stay data, not set the prototype.
        if (item !== undefined) Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
      }
      const dropped = keys.length - Math.min(keys.length, limits.maxItems);
      if (dropped > 0) copy[TRUNCATED_KEYS_MARKER] = `${dropped} more keys`;
      return copy;
    } finally {
      ancestors.delete(current);
    }
  };

  return visit(value, 0) ?? null;
}

/**
 * Cuts a string to at most `max` characters in total, ending with a marker that says how many were
 * dropped (when the marker fits), never splitting a surrogate pair.
 */
export function capString(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = (end: number): string => `…[truncated ${text.length - end} chars]`;
  let end = max - marker(max).length;
  while (end > 0 && end + marker(end).length > max) end -= 1;
  if (end <= 0) return text.slice(0, surrogateSafeEnd(text, Math.max(0, max)));
  end = surrogateSafeEnd(text, end);
  return `${text.slice(0, end)}${marker(end)}`;
}

function surrogateSafeEnd(text: string, end: number): number {
  const last = text.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/** What JSON.stringify would serialise, with the odd cases (toJSON that throws, Error) made plain. */
function toJsonForm(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson !== 'function') return value;
  try {
    return (toJson as (key: string) => unknown).call(value, '');
  } catch {
    return '[UNSERIALISABLE]';
  }
}
