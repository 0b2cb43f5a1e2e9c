import { CanonicalJsonError } from './canonical-json-error.js';

export interface CanonicalJsonOptions {
  /** Containers nested deeper than this are refused (`depth`). Default: no limit. */
  readonly maxDepth?: number;
}

/** A value still to write (its `toJSON` already applied), a piece of punctuation, or the end of a container. */
type Work =
  | { readonly kind: 'value'; readonly value: unknown; readonly path: string; readonly depth: number }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'close'; readonly text: string; readonly container: object };

/**
 * Deterministic compact JSON: object keys sorted by UTF-16 code units, arrays in order, no
 * whitespace, numbers and strings exactly as `JSON.stringify` writes them (for JSON data this is
 * the RFC 8785 canonical form, so other languages can reproduce hashes over it). Two values are
 * equal as JSON exactly when their canonical forms are equal.
 *
 * Otherwise it follows `JSON.stringify`: `toJSON` is honoured (a Date becomes its ISO string),
 * `undefined`/functions/symbols are dropped from objects and become `null` in arrays, non-finite
 * numbers become `null`. A cycle, a BigInt or nesting beyond `maxDepth` throws a CanonicalJsonError
 * (a shared, non-cyclic reference is fine). Iterative: the input's depth never touches the stack.
 */
export function canonicalJson(value: unknown, options: CanonicalJsonOptions = {}): string {
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const ancestors = new Set<object>();
  const out: string[] = [];
  const top = withToJson(value, '');
  // A top-level value with no JSON form (undefined, a function) is written as null rather than failing.
  const stack: Work[] = [{ kind: 'value', value: hasJsonForm(top) ? top : null, path: '', depth: 0 }];
  while (stack.length > 0) {
    const work = stack.pop() as Work;
    if (work.kind === 'text') {
      out.push(work.text);
      continue;
    }
    if (work.kind === 'close') {
      ancestors.delete(work.container);
      out.push(work.text);
      continue;
    }
    const { value: current, path, depth } = work;
    const scalar = scalarJson(current, path);
    if (scalar !== undefined) {
      out.push(scalar);
      continue;
    }
    const container = current as object;
    if (depth >= maxDepth) throw new CanonicalJsonError(`nested deeper than ${maxDepth} levels (at ${path || '/'})`, 'depth', path);
    if (ancestors.has(container)) throw new CanonicalJsonError(`a value contains itself (at ${path || '/'})`, 'cycle', path);
    ancestors.add(container);
    if (Array.isArray(container)) {
      stack.push({ kind: 'close', text: ']', container });
      for (let index = container.length - 1; index >= 0; index--) {
        const item = withToJson(container[index], String(index));
        stack.push({ kind: 'value', value: hasJsonForm(item) ? item : null, path: `${path}/${index}`, depth: depth + 1 });
        if (index > 0) stack.push({ kind: 'text', text: ',' });
      }
      out.push('[');
      continue;
    }
    const record = container as Record<string, unknown>;
    const members: Array<readonly [string, unknown]> = [];
    for (const name of Object.keys(record).sort()) {
      const member = withToJson(record[name], name);
      if (hasJsonForm(member)) members.push([name, member]);
    }
    stack.push({ kind: 'close', text: '}', container });
    for (let index = members.length - 1; index >= 0; index--) {
      const [name, member] = members[index] as readonly [string, unknown];
      stack.push({ kind: 'value', value: member, path: `${path}/${name}`, depth: depth + 1 });
      stack.push({ kind: 'text', text: `${index > 0 ? ',' : ''}${JSON.stringify(name)}:` });
    }
    out.push('{');
  }
  return out.join('');
}

/** The JSON text of a non-container, undefined for an object or array. */
function scalarJson(value: unknown, path: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new CanonicalJsonError(`a BigInt has no JSON form (at ${path || '/'})`, 'unsupported', path);
    case 'object':
      return value === null ? 'null' : undefined;
    default:
      return 'null';
  }
}

function hasJsonForm(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

function withToJson(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  return value;
}
