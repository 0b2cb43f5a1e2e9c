import { InvalidRequestError } from '@skill-service/contracts';
import { defineCapability } from '../../define-capability.js';
import { integer, list, name, object, record, text } from '../../json-schema.js';
import { canonicalJson } from '@skill-service/util';
import { compareValues } from '../../records/compare-values.js';
import { readPath, setOwn } from '../../records/field-path.js';

const OPERATIONS = ['count', 'sum', 'avg', 'min', 'max', 'count_distinct'] as const;
type Operation = (typeof OPERATIONS)[number];

interface Metric {
  op: Operation;
  field?: string;
  as?: string;
}

interface Input {
  rows: Record<string, unknown>[];
  group_by?: string[];
  metrics: Metric[];
}

interface Accumulator {
  count: number;
  sum: number;
  numbers: number;
  min: unknown;
  max: unknown;
  distinct: Set<string>;
}

/** Ten decimals: enough for any business figure, and 0.1 + 0.2 reads 0.3. */
const tidy = (value: number): number => Math.round(value * 1e10) / 1e10;

function metricName(metric: Metric): string {
  return metric.as ?? (metric.field === undefined ? metric.op : `${metric.op}_${metric.field}`);
}

function result(metric: Metric, accumulator: Accumulator): unknown {
  switch (metric.op) {
    case 'count':
      return accumulator.count;
    case 'sum':
      return tidy(accumulator.sum);
    case 'avg':
      return accumulator.numbers === 0 ? null : tidy(accumulator.sum / accumulator.numbers);
    case 'min':
      return accumulator.min ?? null;
    case 'max':
      return accumulator.max ?? null;
    case 'count_distinct':
      return accumulator.distinct.size;
  }
}

export const tableRowsAggregate = defineCapability<Input>({
  id: 'table.rows.aggregate',
  description:
    'Groups rows by the given fields (in order of first appearance) and computes metrics per group: count (rows, or non-null values of a field), sum and avg (numbers only), min, max, count_distinct.',
  inputSchema: object(
    {
      rows: list(record('A row.'), 'The table.'),
      group_by: list(name('Field path.'), 'Fields whose values form a group; none: one group of all rows.', { maxItems: 10 }),
      metrics: list(
        object({ op: text('Metric.', { enum: OPERATIONS }), field: name('Field path (count without one counts rows).'), as: name('Output column name.') }, ['op'], { closed: true }),
        'The metrics.',
        { minItems: 1, maxItems: 50 },
      ),
    },
    ['rows', 'metrics'],
  ),
  outputSchema: object(
    { groups: list(record('Group fields, then one column per metric.'), 'One row per group.'), group_count: integer('Number of groups.') },
    ['groups', 'group_count'],
  ),
  compute(input) {
    const groupBy = input.group_by ?? [];
    input.metrics.forEach((metric, index) => {
      if (metric.op !== 'count' && metric.field === undefined) {
        throw new InvalidRequestError(`Invalid input: inputs.metrics[${index}].field is required for ${metric.op}`, {
          details: [{ path: `inputs.metrics[${index}].field`, message: `is required for ${metric.op}` }],
        });
      }
    });
    const groups = new Map<string, { keys: unknown[]; accumulators: Accumulator[] }>();
    for (const row of input.rows) {
      const keys = groupBy.map((field) => readPath(row, field).value ?? null);
      const id = canonicalJson(keys);
      let group = groups.get(id);
      if (group === undefined) {
        group = { keys, accumulators: input.metrics.map(() => ({ count: 0, sum: 0, numbers: 0, min: undefined, max: undefined, distinct: new Set<string>() })) };
        groups.set(id, group);
      }
      input.metrics.forEach((metric, index) => {
        const accumulator = group.accumulators[index] as Accumulator;
        if (metric.field === undefined) {
          accumulator.count += 1;
          return;
        }
        const value = readPath(row, metric.field).value ?? null;
        if (value === null) return;
        accumulator.count += 1;
        if (typeof value === 'number') {
          accumulator.sum += value;
          accumulator.numbers += 1;
        }
        if (accumulator.min === undefined || compareValues(value, accumulator.min) < 0) accumulator.min = value;
        if (accumulator.max === undefined || compareValues(value, accumulator.max) > 0) accumulator.max = value;
        accumulator.distinct.add(canonicalJson(value));
      });
    }
    const rows = [...groups.values()].map((group) => {
      const row: Record<string, unknown> = {};
      groupBy.forEach((field, index) => setOwn(row, field, group.keys[index]));
      input.metrics.forEach((metric, index) => setOwn(row, metricName(metric), result(metric, group.accumulators[index] as Accumulator)));
      return row;
    });
    return { groups: rows, group_count: rows.length };
  },
});
