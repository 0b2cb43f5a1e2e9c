import { CORE_SCHEMA, load } from 'js-yaml';
import type { FieldPath } from '../normalize/field-path.js';
import { formatFieldPath } from '../normalize/field-path.js';
import { findDuplicateKeys } from './duplicate-keys.js';

export interface TextProblem {
  readonly code: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
  /** The field the problem is about, when it is one field (a duplicate key); else the whole file. */
  readonly path?: FieldPath;
}

export type ParseOutcome = { readonly value: unknown; readonly problems: readonly TextProblem[] };

/**
 * Aliases are shared, not copied, when parsed; walking them later expands them. A "billion
 * laughs" file is refused once its expanded tree passes this many nodes (a 1 MiB file of real
 * content holds far fewer).
 */
const MAX_EXPANDED_NODES = 1_000_000;

function expandedSizeExceeds(root: unknown, limit: number): boolean {
  let visited = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (++visited > limit) return true;
    // One push per child: spreading a 200,000-item list into push() overflows the call stack.
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

interface YamlExceptionLike {
  readonly reason?: unknown;
  readonly mark?: { readonly line?: unknown; readonly column?: unknown };
}

/** js-yaml's reason with a 1-based position, without its multi-line source excerpt. */
function describe(problem: YamlExceptionLike, fallback: string): string {
  const reason = typeof problem.reason === 'string' ? problem.reason : fallback;
  const { line, column } = problem.mark ?? {};
  return typeof line === 'number' && typeof column === 'number' ? `${reason} (line ${line + 1}, column ${column + 1})` : reason;
}

function errorCode(reason: string): string {
  if (reason.startsWith('nesting exceeded')) return 'yaml_resource_limit';
  return 'yaml_syntax';
}

/** `key "tags" is written twice (lines 12 and 15); the last value (line 15) is used`. */
function duplicateWarnings(text: string): TextProblem[] {
  return (findDuplicateKeys(text) ?? []).map(({ path, lines }) => {
    const key = path.length === 0 ? 'a key' : `key "${formatFieldPath(path)}"`;
    const distinct = [...new Set(lines)];
    const where = distinct.length > 1 ? `(lines ${distinct.slice(0, -1).join(', ')} and ${distinct.at(-1)})` : `on line ${distinct[0]}`;
    return {
      code: 'duplicate_key',
      message: `${key} is written twice ${where}; the last value${distinct.length > 1 ? ` (line ${distinct.at(-1)})` : ''} is used`,
      severity: 'warning',
      path,
    };
  });
}

/**
 * Parses YAML 1.2 with the core schema (so `on`, `yes`, `no` stay strings), js-yaml's nesting
 * limit, and alias expansion bounded. A key written twice in one mapping keeps its last value, as
 * PyYAML does (registries written for the service's Python implementation rely on it), and is reported as a warning naming both lines.
 * `value` is undefined on any error.
 */
export function parseYamlText(text: string): ParseOutcome {
  const warnings: TextProblem[] = [];
  const onWarning = (warning: YamlExceptionLike): void => {
    warnings.push({ code: 'yaml_warning', message: describe(warning, 'warning'), severity: 'warning' });
  };
  let value: unknown;
  try {
    value = loadKeepingLast(text, onWarning, warnings);
  } catch (error) {
    // The error explains the failure; warnings met on the way to it are only noise.
    const problem = (typeof error === 'object' && error !== null ? error : {}) as YamlExceptionLike;
    const message = describe(problem, 'the document cannot be parsed');
    return { value: undefined, problems: [{ code: errorCode(message), message, severity: 'error' }] };
  }
  if (expandedSizeExceeds(value, MAX_EXPANDED_NODES)) {
    const message = `aliases expand beyond ${MAX_EXPANDED_NODES} nodes (resource exhaustion?)`;
    return { value: undefined, problems: [{ code: 'yaml_alias_limit', message, severity: 'error' }] };
  }
  // An empty document reads as nothing at all; treat it like an explicit null.
  return { value: value === undefined ? null : value, problems: warnings };
}

/**
 * A strict parse first (most files have no duplicate, and pay for one parse only); a file with a
 * duplicate key is parsed again keeping the last value, and its duplicates are located.
 */
function loadKeepingLast(text: string, onWarning: (warning: YamlExceptionLike) => void, warnings: TextProblem[]): unknown {
  try {
    return load(text, { schema: CORE_SCHEMA, onWarning });
  } catch (error) {
    if ((error as YamlExceptionLike).reason !== 'duplicated mapping key') throw error;
  }
  warnings.length = 0;
  const value = load(text, { schema: CORE_SCHEMA, json: true, onWarning });
  warnings.push(...duplicateWarnings(text));
  return value;
}
