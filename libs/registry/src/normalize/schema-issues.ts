import type { Reporter } from '../reporter.js';
import type { FieldPath } from './field-path.js';
import { describeValue, typeName } from './raw-value.js';
import type { SourcePaths } from './source-paths.js';

/** The part of a zod issue we read (kept structural: this library does not import zod itself). */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly input?: unknown;
}

/** What the contracts' zod schemas offer: `safeParse`, with the input echoed in issues on request. */
export interface ContractSchema<T> {
  safeParse(
    value: unknown,
    params?: { reportInput?: boolean },
  ): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

export interface IssueOptions {
  /** Maps a canonical field to the spellings accepted on disk, for "missing" messages. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** A more precise code and message for some issues (e.g. `unknown_protocol` for a bad `protocol`). */
  readonly explain?: (issue: SchemaIssue, path: FieldPath) => { code: string; message: string } | undefined;
}

const toFieldPath = (path: readonly PropertyKey[]): FieldPath =>
  path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));

function describeIssue(issue: SchemaIssue, field: string, options: IssueOptions): { code: string; message: string } {
  if (issue.code === 'invalid_type') {
    const expected = 'expected' in issue && typeof issue.expected === 'string' ? issue.expected : 'another type';
    if (issue.input === undefined) {
      const spelled = options.aliases?.[field];
      return { code: 'missing_field', message: `required field "${field}" is missing${spelled === undefined ? '' : ` (write ${spelled})`}` };
    }
    return { code: 'wrong_type', message: `expected ${expected}, got ${typeName(issue.input)}` };
  }
  // zod's own codes (too_small, invalid_value, invalid_format, ...) are stable snake_case already.
  return { code: issue.code, message: issue.message };
}

/**
 * Validates a normalised value against its contract schema. Every issue becomes a diagnostic at
 * the field the author wrote (via `paths`). Returns the parsed value, or undefined on any issue.
 */
export function validateAgainst<T>(
  schema: ContractSchema<T>,
  value: unknown,
  reporter: Reporter,
  paths: SourcePaths,
  options: IssueOptions = {},
): T | undefined {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const canonical = toFieldPath(issue.path);
    const field = String(canonical[canonical.length - 1] ?? '');
    const described = options.explain?.(issue, canonical) ?? describeIssue(issue, field, options);
    reporter.error(paths.resolve(canonical), described.code, described.message);
  }
  return undefined;
}

/** `unknown_protocol` instead of zod's generic enum message, for services and bindings alike. */
export function explainProtocol(issue: SchemaIssue, path: FieldPath): { code: string; message: string } | undefined {
  if (path[0] !== 'protocol' || issue.code !== 'invalid_value') return undefined;
  return { code: 'unknown_protocol', message: `protocol ${describeValue(issue.input)} is not one of pythoncall, openapi, mcp, openrpc` };
}
