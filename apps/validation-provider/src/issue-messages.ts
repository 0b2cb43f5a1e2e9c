/** The parts of an ajv `ErrorObject` the worker sends back (plain data, structured-clone safe). */
export interface AjvIssue {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Readonly<Record<string, unknown>>;
}

const MAX_LISTED_VALUES = 10;

/**
 * One readable line per problem, led by the JSON Pointer of the offending value (`/` for the
 * document itself): `/name must be string`, `/ must have required property 'id'`. Ajv's text is
 * kept, with the detail it leaves in `params` added where a reader needs it.
 */
export function issueMessage(issue: AjvIssue): string {
  const where = issue.instancePath === '' ? '/' : issue.instancePath;
  const { params } = issue;
  switch (issue.keyword) {
    case 'additionalProperties':
      return `${where} must NOT have additional property '${String(params['additionalProperty'])}'`;
    case 'unevaluatedProperties':
      return `${where} must NOT have unevaluated property '${String(params['unevaluatedProperty'])}'`;
    case 'enum':
      return `${where} must be equal to one of the allowed values: ${listValues(params['allowedValues'])}`;
    default:
      return `${where} ${issue.message ?? `must pass "${issue.keyword}"`}`;
  }
}

/** The issues as strings, at most `limit` of them plus one line saying how many were left out. */
export function issueMessages(issues: readonly AjvIssue[], total: number, limit: number): string[] {
  const lines = issues.slice(0, limit).map(issueMessage);
  if (total > lines.length) lines.push(`(${total - lines.length} more errors not shown)`);
  return lines;
}

function listValues(values: unknown): string {
  if (!Array.isArray(values)) return '(see schema)';
  const shown = values.slice(0, MAX_LISTED_VALUES).map((value) => JSON.stringify(value) ?? String(value));
  return values.length > MAX_LISTED_VALUES ? `${shown.join(', ')}, …` : shown.join(', ');
}
