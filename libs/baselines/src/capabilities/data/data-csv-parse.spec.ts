import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { dataCsvParse } from './data-csv-parse.js';

describe('data.csv.parse', () => {
  it('reads quoted fields holding the delimiter, doubled quotes and line breaks', async () => {
    const text = 'name,comment,amount\r\n"Smith, John","Said ""thanks""\r\nand left",12.50\r\nAna,on time,3\r\n';
    expect(await runChecked(dataCsvParse, { text, numbers: true })).toEqual({
      rows: [
        { name: 'Smith, John', comment: 'Said "thanks"\r\nand left', amount: 12.5 },
        { name: 'Ana', comment: 'on time', amount: 3 },
      ],
      columns: ['name', 'comment', 'amount'],
      row_count: 2,
    });
  });

  it('keeps numbers as text unless asked, and only converts plain decimals', async () => {
    const text = 'zip,qty,code\n01234,7,1e5\n';
    expect((await runChecked(dataCsvParse, { text }))['rows']).toEqual([{ zip: '01234', qty: '7', code: '1e5' }]);
    expect((await runChecked(dataCsvParse, { text, numbers: true }))['rows']).toEqual([{ zip: '01234', qty: 7, code: '1e5' }]);
  });

  it('handles a BOM, semicolons, trimming, blank lines, files without header and empty header cells', async () => {
    expect((await runChecked(dataCsvParse, { text: '\ufeffa;b\n 1 ; 2 \n\n3;4', delimiter: ';', trim: true }))['rows']).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ]);
    expect(await runChecked(dataCsvParse, { text: '1,2\n3,4\n', header: false })).toEqual({ rows: [['1', '2'], ['3', '4']], columns: null, row_count: 2 });
    expect((await runChecked(dataCsvParse, { text: ',total\nx,1\n' }))['columns']).toEqual(['column_1', 'total']);
  });

  it('keeps a "__proto__" column as a plain field', async () => {
    const rows = (await runChecked(dataCsvParse, { text: '__proto__,b\nx,y\n' }))['rows'] as Record<string, unknown>[];
    expect(Object.keys(rows[0] ?? {})).toEqual(['__proto__', 'b']);
    expect(rows[0]?.['__proto__']).toBe('x');
  });

  it('parses an empty document as no rows', async () => {
    expect(await runChecked(dataCsvParse, { text: '' })).toEqual({ rows: [], columns: [], row_count: 0 });
  });

  it.each([
    ['a ragged row', 'a,b\n1,2,3\n', /Invalid Record Length: expect 2, got 3 on line 2/],
    ['an unclosed quote', 'a,b\n"1,2\n', /Quote Not Closed/],
    ['a quote inside an unquoted field', 'a,b\n1,x"y\n', /is not valid CSV/],
    ['a repeated header', 'a,a\n1,2\n', /has the column "a" twice/],
  ])('refuses %s with invalid_request naming the problem', async (_case, text, message) => {
    await expect(dataCsvParse.run({ text })).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) as unknown });
  });
});
