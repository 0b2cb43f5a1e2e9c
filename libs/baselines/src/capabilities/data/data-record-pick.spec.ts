import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { dataRecordPick } from './data-record-pick.js';

describe('data.record.pick', () => {
  const record = { id: 7, customer: { name: 'Ana', email: 'ana@example.com' }, items: [{ sku: 'NB-1' }], 'a.b': 'flat', total: 42.5 };

  it('keeps nesting for paths, renames with {path, as}, and lists missing paths', async () => {
    expect(await runChecked(dataRecordPick, { record, fields: ['id', 'customer.name', { path: 'total', as: 'amount' }, 'items.0.sku', 'currency', 'items.5'] })).toEqual({
      record: { id: 7, customer: { name: 'Ana' }, amount: 42.5, items: { '0': { sku: 'NB-1' } } },
      missing: ['currency', 'items.5'],
    });
  });

  it('prefers a key with a dot in its name over a path', async () => {
    expect((await runChecked(dataRecordPick, { record, fields: ['a.b'] }))['record']).toEqual({ 'a.b': 'flat' });
  });

  it('never reads through the prototype chain', async () => {
    expect(await runChecked(dataRecordPick, { record, fields: ['constructor', '__proto__', 'customer.constructor.name', 'toString'] })).toEqual({
      record: {},
      missing: ['constructor', '__proto__', 'customer.constructor.name', 'toString'],
    });
  });

  it('copies values, leaving the input untouched', async () => {
    const input = { record: { nested: { list: [1] } }, fields: ['nested'] };
    const output = await runChecked(dataRecordPick, input);
    ((output['record'] as { nested: { list: number[] } }).nested.list).push(2);
    expect(input.record.nested.list).toEqual([1]);
  });
});
