import { CORE_SCHEMA, load } from 'js-yaml';

export interface TextProblem {
  readonly code: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
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
  if (reason.startsWith('duplicated mapping key')) return 'duplicate_key';
  if (reason.startsWith('nesting exceeded')) return 'yaml_resource_limit';
  return 'yaml_syntax';
}

/**
 * Parses YAML 1.2 with the core schema (so `on`, `yes`, `no` stay strings), js-yaml's nesting
 * limit, duplicate keys refused, and alias expansion bounded. `value` is undefined on any error.
 */
export function parseYamlText(text: string): ParseOutcome {
  const warnings: TextProblem[] = [];
  let value: unknown;
  try {
    value = load(text, {
      schema: CORE_SCHEMA,
      onWarning: (warning) => warnings.push({ code: 'yaml_warning', message: describe(warning, 'warning'), severity: 'warning' }),
    });
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
