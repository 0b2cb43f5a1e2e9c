import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { tableRowsAggregate } from './table-rows-aggregate.js';

const SALES = [
  { region: 'north', product: 'tea', amount: 0.1, customer: 'a' },
  { region: 'south', product: 'tea', amount: 5, customer: 'b' },
  { region: 'north', product: 'coffee', amount: 0.2, customer: 'a' },
  { region: 'north', product: 'tea', amount: 'n/a', customer: 'c' },
  { product: 'cocoa', customer: 'd' },
];

describe('table.rows.aggregate', () => {
  it('computes metrics per group in order of first appearance (missing group values are null)', async () => {
    expect(
      await runChecked(tableRowsAggregate, {
        rows: SALES,
        group_by: ['region'],
        metrics: [{ op: 'count', as: 'orders' }, { op: 'sum', field: 'amount' }, { op: 'avg', field: 'amount' }, { op: 'count_distinct', field: 'customer', as: 'customers' }],
      }),
    ).toEqual({
      groups: [
        { region: 'north', orders: 3, sum_amount: 0.3, avg_amount: 0.15, customers: 2 },
        { region: 'south', orders: 1, sum_amount: 5, avg_amount: 5, customers: 1 },
        { region: null, orders: 1, sum_amount: 0, avg_amount: null, customers: 1 },
      ],
      group_count: 3,
    });
  });

  it('groups by several fields, counts non-null values of a field, and finds min and max', async () => {
    const output = await runChecked(tableRowsAggregate, {
      rows: SALES,
      group_by: ['region', 'product'],
      metrics: [{ op: 'count', field: 'amount' }, { op: 'min', field: 'amount' }, { op: 'max', field: 'amount' }],
    });
    expect(output['groups']).toEqual([
      { region: 'north', product: 'tea', count_amount: 2, min_amount: 0.1, max_amount: 'n/a' },
      { region: 'south', product: 'tea', count_amount: 1, min_amount: 5, max_amount: 5 },
      { region: 'north', product: 'coffee', count_amount: 1, min_amount: 0.2, max_amount: 0.2 },
      { region: null, product: 'cocoa', count_amount: 0, min_amount: null, max_amount: null },
    ]);
  });

  it('aggregates all rows as one group without group_by, and none for no rows', async () => {
    expect((await runChecked(tableRowsAggregate, { rows: SALES, metrics: [{ op: 'count' }] }))['groups']).toEqual([{ count: 5 }]);
    expect(await runChecked(tableRowsAggregate, { rows: [], metrics: [{ op: 'count' }] })).toEqual({ groups: [], group_count: 0 });
  });

  it('refuses a metric that needs a field without one', async () => {
    await expect(tableRowsAggregate.run({ rows: SALES, metrics: [{ op: 'sum' }] })).rejects.toMatchObject({
      code: 'invalid_request',
      details: [{ path: 'inputs.metrics[0].field', message: 'is required for sum' }],
    });
  });
});
