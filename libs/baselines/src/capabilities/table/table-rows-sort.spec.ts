import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { tableRowsSort } from './table-rows-sort.js';

describe('table.rows.sort', () => {
  const rows = [
    { id: 'a', region: 'north', total: 120, item: 'item 10' },
    { id: 'b', region: 'south', total: 300, item: 'item 2' },
    { id: 'c', region: 'north', total: 80, item: 'Item 1' },
    { id: 'd', total: 95, item: 'item 2' },
  ];
  const ids = (output: Record<string, unknown>): string[] => (output['rows'] as { id: string }[]).map((row) => row.id);

  it('sorts by several keys; missing values last in either direction', async () => {
    expect(ids(await runChecked(tableRowsSort, { rows, by: [{ field: 'region' }, { field: 'total', order: 'desc' }] }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(await runChecked(tableRowsSort, { rows, by: [{ field: 'region', order: 'desc' }] }))).toEqual(['b', 'a', 'c', 'd']);
  });

  it('orders text naturally ("item 2" before "item 10") and is stable', async () => {
    expect(ids(await runChecked(tableRowsSort, { rows, by: [{ field: 'item' }] }))).toEqual(['c', 'b', 'd', 'a']);
  });

  it('orders mixed types: numbers, then text, then booleans', async () => {
    const output = await runChecked(tableRowsSort, { rows: [{ v: true }, { v: 'x' }, { v: 2 }, { v: null }, { v: 1 }], by: [{ field: 'v' }] });
    expect(output['rows']).toEqual([{ v: 1 }, { v: 2 }, { v: 'x' }, { v: true }, { v: null }]);
  });

  it('keeps only the first rows when limited', async () => {
    expect(await runChecked(tableRowsSort, { rows, by: [{ field: 'total', order: 'desc' }], limit: 2 })).toEqual({ rows: [rows[1], rows[0]], count: 2 });
  });
});
