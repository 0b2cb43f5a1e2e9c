import { CORE_SCHEMA, load, type LoadOptions } from 'js-yaml';
import type { FieldPath } from '../normalize/field-path.js';

/** One key written more than once in one mapping: where, and every line it is written on (1-based). */
export interface DuplicateKey {
  readonly path: FieldPath;
  readonly lines: readonly number[];
}

interface YamlMark {
  readonly line: number;
  readonly position: number;
}

// Private-use characters: legal in a plain YAML scalar, never in a real key.
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARKED = /\uE000(\d+)\uE001/;

/** At most this many duplicates are located in one file; past it the rest are simply resolved last-wins. */
const MAX_LOCATED = 50;

function duplicateAt(text: string, options: LoadOptions): YamlMark | undefined | 'other' {
  try {
    load(text, options);
    return undefined;
  } catch (error) {
    const problem = error as { reason?: unknown; mark?: { line?: unknown; position?: unknown } };
    const { line, position } = problem.mark ?? {};
    if (problem.reason !== 'duplicated mapping key' || typeof line !== 'number' || typeof position !== 'number') return 'other';
    return { line, position };
  }
}

/** Where each marked key sits in the parsed tree: `found[n]` is the path of the key marked `n`. */
function markedPaths(node: unknown, path: (string | number)[], found: Map<number, FieldPath>): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => markedPaths(item, [...path, index], found));
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      const marked = MARKED.exec(key);
      const plain = key.replace(MARKED, '');
      if (marked !== null) found.set(Number(marked[1]), [...path, plain]);
      markedPaths(value, [...path, plain], found);
    }
  }
}

interface ScalarEnd {
  readonly text: string;
  readonly line: number;
}

/**
 * js-yaml refuses a duplicate key, or (with `json: true`) keeps the last value silently; neither
 * says where both copies are. This finds them: each refused key is renamed with a unique mark and
 * the text parsed again, until it parses; the marks then give each duplicate's path, and the key's
 * nearest earlier spelling in the same column gives the line of the copy it repeats.
 * Returns undefined when the text has an error other than duplicate keys (the caller reports it).
 */
export function findDuplicateKeys(text: string): DuplicateKey[] | undefined {
  const options: LoadOptions = { schema: CORE_SCHEMA };
  const repeats: { line: number; column: number }[] = [];
  let marked = text;
  for (;;) {
    const found = duplicateAt(marked, options);
    if (found === 'other') return undefined;
    if (found === undefined) break;
    if (repeats.length >= MAX_LOCATED) break;
    // A quoted key is marked inside its quotes; the mark itself is stripped again below.
    const quote = marked[found.position] === '"' || marked[found.position] === "'" ? 1 : 0;
    const at = found.position + quote;
    const lineStart = marked.lastIndexOf('\n', found.position - 1) + 1;
    repeats.push({ line: found.line + 1, column: found.position - lineStart });
    marked = `${marked.slice(0, at)}${MARK_OPEN}${repeats.length - 1}${MARK_CLOSE}${marked.slice(at)}`;
  }
  if (repeats.length === 0) return [];

  const scalars: ScalarEnd[] = [];
  let tree: unknown;
  try {
    tree = load(marked, {
      ...options,
      json: true,
      listener: (event, state) => {
        if (event === 'close' && state.kind === 'scalar' && typeof state.result === 'string') scalars.push({ text: state.result, line: state.line + 1 });
      },
    });
  } catch {
    return undefined;
  }
  const paths = new Map<number, FieldPath>();
  markedPaths(tree, [], paths);

  return repeats.map((repeat, index) => {
    const path = paths.get(index) ?? [];
    const key = String(path[path.length - 1] ?? '');
    const self = scalars.findIndex((scalar) => scalar.text.includes(`${MARK_OPEN}${index}${MARK_CLOSE}`));
    const earlier = scalars.slice(0, self === -1 ? 0 : self).filter((scalar) => scalar.text === key && scalar.line <= repeat.line);
    const sameColumn = earlier.filter((scalar) => lineColumnOf(text, scalar.line, key) === repeat.column);
    const first = (sameColumn.length > 0 ? sameColumn : earlier).at(-1);
    return { path, lines: first === undefined ? [repeat.line] : [first.line, repeat.line] };
  });
}

/** The column where `key` starts on a 1-based line of `text`, or -1 (quotes are skipped over). */
function lineColumnOf(text: string, line: number, key: string): number {
  const content = text.split('\n')[line - 1] ?? '';
  const plain = content.search(new RegExp(`(^|[\\s{,?-])["']?${escapeRegExp(key)}["']?\\s*:`));
  if (plain === -1) return -1;
  const start = content.slice(plain).search(/["']?[^\s{,?-]/);
  return plain + start;
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
