import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { tableRowsFilter } from './table-rows-filter.js';

const ORDERS = [
  { id: 1, region: 'North', total: 120, tags: ['gift'], customer: { vip: true } },
  { id: 2, region: 'south', total: 300, tags: [] },
  { id: 3, region: 'north', total: 80, customer: { vip: false } },
  { id: 4, region: null, total: '95' },
];

describe('table.rows.filter', () => {
  it('keeps rows satisfying every condition, in their order', async () => {
    expect(await runChecked(tableRowsFilter, { rows: ORDERS, where: [{ field: 'total', op: 'gte', value: 100 }, { field: 'customer.vip', op: 'eq', value: true }] })).toEqual({
      rows: [ORDERS[0]],
      count: 1,
      total: 4,
    });
  });

  it('keeps rows satisfying any condition', async () => {
    const output = await runChecked(tableRowsFilter, { rows: ORDERS, match: 'any', where: [{ field: 'total', op: 'lt', value: 100 }, { field: 'tags', op: 'contains', value: 'gift' }] });
    expect((output['rows'] as { id: number }[]).map((row) => row.id)).toEqual([1, 3]);
  });

  it.each([
    [{ field: 'region', op: 'starts_with', value: 'nor' }, [1, 3]],
    [{ field: 'region', op: 'in', value: ['south', 'east'] }, [2]],
    [{ field: 'region', op: 'not_in', value: ['south'] }, [1, 3, 4]],
    [{ field: 'region', op: 'missing' }, [4]],
    [{ field: 'customer', op: 'exists' }, [1, 3]],
    [{ field: 'region', op: 'ne', value: 'south' }, [1, 3, 4]],
    [{ field: 'total', op: 'gt', value: 90 }, [1, 2]],
    [{ field: 'region', op: 'contains', value: 'OUT' }, [2]],
    [{ field: 'region', op: 'ends_with', value: 'TH' }, [1, 2, 3]],
  ])('%j keeps rows %j (ordering compares numbers with numbers only)', async (condition, ids) => {
    const output = await runChecked(tableRowsFilter, { rows: ORDERS, where: [condition] });
    expect((output['rows'] as { id: number }[]).map((row) => row.id)).toEqual(ids);
  });
});
