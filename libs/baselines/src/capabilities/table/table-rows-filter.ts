import { defineCapability } from '../../define-capability.js';
import { anyValue, integer, list, name, object, record, text } from '../../json-schema.js';
import { compareValues, equalValues } from '../../records/compare-values.js';
import { readPath } from '../../records/field-path.js';

const OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'starts_with', 'ends_with', 'in', 'not_in', 'exists', 'missing'] as const;
type Operator = (typeof OPERATORS)[number];

interface Condition {
  field: string;
  op: Operator;
  value?: unknown;
}

interface Input {
  rows: Record<string, unknown>[];
  where: Condition[];
  match?: 'all' | 'any';
}

/** Whether one row satisfies one condition; ordering operators need two numbers or two strings. */
function holds(row: Record<string, unknown>, condition: Condition): boolean {
  const { found, value } = readPath(row, condition.field);
  const expected = condition.value;
  switch (condition.op) {
    case 'exists':
      return found && value !== null;
    case 'missing':
      return !found || value === null;
    case 'eq':
      return found && equalValues(value, expected);
    case 'ne':
      return !found || !equalValues(value, expected);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const comparable = (typeof value === 'number' && typeof expected === 'number') || (typeof value === 'string' && typeof expected === 'string');
      if (!found || !comparable) return false;
      const order = compareValues(value, expected);
      return condition.op === 'gt' ? order > 0 : condition.op === 'gte' ? order >= 0 : condition.op === 'lt' ? order < 0 : order <= 0;
    }
    case 'contains':
      if (typeof value === 'string' && typeof expected === 'string') return value.toLowerCase().includes(expected.toLowerCase());
      return Array.isArray(value) && value.some((item) => equalValues(item, expected));
    case 'starts_with':
    case 'ends_with': {
      if (typeof value !== 'string' || typeof expected !== 'string') return false;
      const [subject, part] = [value.toLowerCase(), expected.toLowerCase()];
      return condition.op === 'starts_with' ? subject.startsWith(part) : subject.endsWith(part);
    }
    case 'in':
    case 'not_in': {
      const member = Array.isArray(expected) && found && expected.some((item) => equalValues(item, value));
      return condition.op === 'in' ? member : !member;
    }
  }
}

export const tableRowsFilter = defineCapability<Input>({
  id: 'table.rows.filter',
  description:
    'Keeps the rows that satisfy all (or any) of the conditions: eq, ne, gt, gte, lt, lte (numbers or strings, natural order), contains, starts_with, ends_with (text, case-insensitive; contains also tests list members), in, not_in, exists, missing. Fields are paths.',
  inputSchema: object(
    {
      rows: list(record('A row.'), 'The table.'),
      where: list(
        object({ field: name('Field path.'), op: text('Operator.', { enum: OPERATORS }), value: anyValue('Value to compare with (a list for in / not_in).') }, ['field', 'op'], { closed: true }),
        'The conditions.',
        { minItems: 1, maxItems: 100 },
      ),
      match: text('Whether every condition or any one must hold.', { enum: ['all', 'any'], default: 'all' }),
    },
    ['rows', 'where'],
  ),
  outputSchema: object(
    { rows: list(record('A row.'), 'The matching rows, in their order.'), count: integer('Rows kept.'), total: integer('Rows given.') },
    ['rows', 'count', 'total'],
  ),
  compute(input) {
    const any = input.match === 'any';
    const rows = input.rows.filter((row) => (any ? input.where.some((condition) => holds(row, condition)) : input.where.every((condition) => holds(row, condition))));
    return { rows, count: rows.length, total: input.rows.length };
  },
});
