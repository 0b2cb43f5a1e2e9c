import { defineCapability } from '../../define-capability.js';
import { integer, list, name, object, record, text } from '../../json-schema.js';
import { compareValues } from '../../records/compare-values.js';
import { readPath } from '../../records/field-path.js';

interface Input {
  rows: Record<string, unknown>[];
  by: { field: string; order?: 'asc' | 'desc' }[];
  limit?: number;
}

export const tableRowsSort = defineCapability<Input>({
  id: 'table.rows.sort',
  description:
    'Sorts rows by one or more fields (stable): numbers numerically, text in natural order ("item 2" before "item 10"), missing and null values last in either direction; optionally keeps the first rows only.',
  inputSchema: object(
    {
      rows: list(record('A row.'), 'The table.'),
      by: list(object({ field: name('Field path.'), order: text('Direction.', { enum: ['asc', 'desc'], default: 'asc' }) }, ['field'], { closed: true }), 'Sort keys, most significant first.', {
        minItems: 1,
        maxItems: 20,
      }),
      limit: integer('Keep only this many rows.', { minimum: 0 }),
    },
    ['rows', 'by'],
  ),
  outputSchema: object({ rows: list(record('A row.'), 'The sorted rows.'), count: integer('Rows returned.') }, ['rows', 'count']),
  compute(input) {
    const keyed = input.rows.map((row, index) => ({ row, index, keys: input.by.map((key) => readPath(row, key.field).value ?? null) }));
    keyed.sort((a, b) => {
      for (let position = 0; position < input.by.length; position++) {
        const [x, y] = [a.keys[position], b.keys[position]];
        if (x === null || y === null) {
          if (x !== y) return x === null ? 1 : -1;
          continue;
        }
        const order = compareValues(x, y);
        if (order !== 0) return input.by[position]?.order === 'desc' ? -order : order;
      }
      return a.index - b.index;
    });
    const rows = keyed.slice(0, input.limit ?? keyed.length).map((entry) => entry.row);
    return { rows, count: rows.length };
  },
});
