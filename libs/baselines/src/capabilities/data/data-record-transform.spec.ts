import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { dataRecordTransform } from './data-record-transform.js';

describe('data.record.transform', () => {
  it('applies operations in order to a copy of the record', async () => {
    const record = { Name: '  Ana Ruiz ', age: '34', newsletter: 'Yes', contact: { mail: 'ANA@EXAMPLE.COM' }, tmp: 1 };
    const output = await runChecked(dataRecordTransform, {
      record,
      operations: [
        { op: 'rename', from: 'Name', to: 'name' },
        { op: 'trim', field: 'name' },
        { op: 'cast', field: 'age', to: 'integer' },
        { op: 'cast', field: 'newsletter', to: 'boolean' },
        { op: 'lowercase', field: 'contact.mail' },
        { op: 'copy', from: 'contact.mail', to: 'email' },
        { op: 'drop', field: 'tmp' },
        { op: 'default', field: 'country', value: 'ES' },
        { op: 'set', field: 'meta.source', value: 'form' },
      ],
    });
    expect(output).toEqual({
      record: { age: 34, newsletter: true, contact: { mail: 'ana@example.com' }, name: 'Ana Ruiz', email: 'ana@example.com', country: 'ES', meta: { source: 'form' } },
      applied: 9,
      problems: [],
    });
    expect(record.Name).toBe('  Ana Ruiz ');
  });

  it('reports operations that cannot apply and goes on', async () => {
    const output = await runChecked(dataRecordTransform, {
      record: { age: 'forty', price: '9.99', code: 5, flag: 'maybe', note: null },
      operations: [
        { op: 'cast', field: 'age', to: 'number' },
        { op: 'cast', field: 'price', to: 'integer' },
        { op: 'cast', field: 'price', to: 'number' },
        { op: 'cast', field: 'code', to: 'string' },
        { op: 'cast', field: 'flag', to: 'boolean' },
        { op: 'uppercase', field: 'code' },
        { op: 'rename', from: 'missing', to: 'x' },
        { op: 'default', field: 'note', value: 'n/a' },
      ],
    });
    expect(output).toEqual({
      record: { age: 'forty', price: 9.99, code: '5', flag: 'maybe', note: 'n/a' },
      applied: 4,
      problems: [
        'cast "age" to number: "forty" is not a number',
        'cast "price" to integer: "9.99" is not an integer',
        'cast "flag" to boolean: "maybe" is not a boolean',
        'rename "missing": no such field',
      ],
    });
  });

  it('refuses an unknown operation', async () => {
    await expect(dataRecordTransform.run({ record: {}, operations: [{ op: 'eval', code: 'x' }] })).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
