import { InvalidRequestError } from '@skill-service/contracts';
import { defineCapability } from '../../define-capability.js';
import { anyValue, boolean, integer, list, name, nullable, object, record, text } from '../../json-schema.js';
import { onFirstUse } from '../../lazy-module.js';
import { LIMITS } from '../../limits.js';
import { setOwn } from '../../records/field-path.js';

interface Input {
  text: string;
  delimiter?: string;
  header?: boolean;
  trim?: boolean;
  numbers?: boolean;
}

const loadCsvParse = onFirstUse(() => import('csv-parse/sync'));

const MAX_ROWS = LIMITS.listItems;
const MAX_COLUMNS = 1_000;
// A decimal number as written in data files; anything else (leading zeros, "1e5", "1,5") stays text.
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function refuse(message: string, cause?: unknown): never {
  throw new InvalidRequestError(`Invalid input: inputs.text ${message}`, { details: [{ path: 'inputs.text', message }], cause });
}

/** Header names: empty cells become `column_<n>`; a repeated name would silently drop data. */
function columnNames(header: readonly string[]): string[] {
  const names = header.map((cell, index) => (cell.trim() === '' ? `column_${index + 1}` : cell));
  const seen = new Set<string>();
  for (const column of names) {
    if (seen.has(column)) refuse(`has the column "${column}" twice in its header`);
    seen.add(column);
  }
  return names;
}

export const dataCsvParse = defineCapability<Input>({
  id: 'data.csv.parse',
  description:
    'Parses CSV (RFC 4180: quoted fields with delimiters, doubled quotes and line breaks; BOM and CRLF handled) with csv-parse into rows: objects keyed by the header, or arrays without one. Ragged rows and unclosed quotes are errors naming the line.',
  inputSchema: object(
    {
      text: text('The CSV document.'),
      delimiter: text('Field delimiter, one character.', { maxLength: 1, minLength: 1, default: ',' }),
      header: boolean('Whether the first row names the columns.', { default: true }),
      trim: boolean('Trim spaces around fields.', { default: false }),
      numbers: boolean('Turn plain decimal numbers into numbers.', { default: false }),
    },
    ['text'],
  ),
  outputSchema: object(
    {
      rows: list({ anyOf: [record('A row keyed by column.'), list(anyValue('A field.'), 'A row without header.')] }, 'The data rows.'),
      columns: nullable(list(name('A column name.'), 'Column names from the header.')),
      row_count: integer('Number of data rows.'),
    },
    ['rows', 'columns', 'row_count'],
  ),
  async compute(input) {
    const { parse } = await loadCsvParse();
    let records: string[][];
    try {
      records = parse(input.text, {
        delimiter: input.delimiter ?? ',',
        bom: true,
        trim: input.trim === true,
        skip_empty_lines: true,
        relax_column_count: false,
        max_record_size: 1_000_000,
        to: MAX_ROWS + 2,
      }) as string[][];
    } catch (error) {
      refuse(`is not valid CSV: ${error instanceof Error ? error.message : String(error)}`, error);
    }
    const [first] = records;
    if (first !== undefined && first.length > MAX_COLUMNS) refuse(`has more than ${MAX_COLUMNS} columns`);
    const header = input.header !== false;
    const data = header ? records.slice(1) : records;
    if (data.length > MAX_ROWS) refuse(`has more than ${MAX_ROWS} rows`);
    const cell = (value: string): string | number => (input.numbers === true && NUMBER.test(value) ? Number(value) : value);
    if (!header) return { rows: data.map((row) => row.map(cell)), columns: null, row_count: data.length };
    const columns = columnNames(first ?? []);
    const rows = data.map((row) => {
      const entry: Record<string, unknown> = {};
      columns.forEach((column, index) => setOwn(entry, column, cell(row[index] ?? '')));
      return entry;
    });
    return { rows, columns, row_count: rows.length };
  },
});
