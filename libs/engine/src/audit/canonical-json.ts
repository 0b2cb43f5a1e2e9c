import { CanonicalJsonError } from './canonical-json-error.js';

/** Deeper than any real record; well below the point where recursion would exhaust the stack. */
export const MAX_CANONICAL_DEPTH = 512;

export interface CanonicalJsonOptions {
  readonly maxDepth?: number;
}

/**
 * Deterministic compact JSON for hashing: object keys sorted by UTF-16 code units, arrays in order,
 * no whitespace, numbers and strings exactly as `JSON.stringify` writes them (for JSON data this is
 * the RFC 8785 canonical form, so other languages can reproduce the hashes).
 *
 * Otherwise it follows `JSON.stringify`: `toJSON` is honoured (a Date becomes its ISO string),
 * `undefined`/functions/symbols are dropped from objects and become `null` in arrays, non-finite
 * numbers become `null`. A cycle, a BigInt or nesting beyond `maxDepth` throws a CanonicalJsonError
 * (a shared, non-cyclic reference is fine).
 */
export function canonicalJson(value: unknown, options: CanonicalJsonOptions = {}): string {
  const maxDepth = options.maxDepth ?? MAX_CANONICAL_DEPTH;
  const ancestors = new Set<object>();

  const write = (raw: unknown, key: string, path: string, depth: number): string | undefined => {
    const current = withToJson(raw, key);
    switch (typeof current) {
      case 'string':
        return JSON.stringify(current);
      case 'number':
        return Number.isFinite(current) ? JSON.stringify(current) : 'null';
      case 'boolean':
        return current ? 'true' : 'false';
      case 'bigint':
        throw new CanonicalJsonError(`a BigInt has no JSON form (at ${path || '/'})`, 'unsupported', path);
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (typeof current !== 'object' || current === null) return 'null';
    if (depth >= maxDepth) {
      throw new CanonicalJsonError(`nested deeper than ${maxDepth} levels (at ${path || '/'})`, 'depth', path);
    }
    if (ancestors.has(current)) {
      throw new CanonicalJsonError(`a value contains itself (at ${path || '/'})`, 'cycle', path);
    }
    ancestors.add(current);
    try {
      if (Array.isArray(current)) {
        const items = current.map((item: unknown, index) => write(item, String(index), `${path}/${index}`, depth + 1) ?? 'null');
        return `[${items.join(',')}]`;
      }
      const record = current as Record<string, unknown>;
      const members: string[] = [];
      for (const name of Object.keys(record).sort()) {
        const text = write(record[name], name, `${path}/${name}`, depth + 1);
        if (text !== undefined) members.push(`${JSON.stringify(name)}:${text}`);
      }
      return `{${members.join(',')}}`;
    } finally {
      ancestors.delete(current);
    }
  };

  // A top-level value with no JSON form (undefined, a function) hashes as null rather than failing.
  return write(value, '', '', 0) ?? 'null';
}

function withToJson(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  return value;
}
