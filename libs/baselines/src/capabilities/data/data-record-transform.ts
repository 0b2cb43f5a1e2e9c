import { defineCapability } from '../../define-capability.js';
import { anyValue, integer, list, name, object, record, text } from '../../json-schema.js';
import { deletePath, readPath, writePath } from '../../records/field-path.js';
import { copyJson } from '@skill-service/util';

type Operation =
  | { op: 'rename'; from: string; to: string }
  | { op: 'copy'; from: string; to: string }
  | { op: 'drop'; field: string }
  | { op: 'set'; field: string; value: unknown }
  | { op: 'default'; field: string; value: unknown }
  | { op: 'cast'; field: string; to: 'string' | 'number' | 'integer' | 'boolean' }
  | { op: 'trim' | 'lowercase' | 'uppercase'; field: string };

interface Input {
  record: Record<string, unknown>;
  operations: Operation[];
}

const FIELD = name('A field path.');
const OPERATION_SCHEMAS = [
  object({ op: text('Move a field.', { enum: ['rename', 'copy'] }), from: FIELD, to: FIELD }, ['op', 'from', 'to'], { closed: true }),
  object({ op: text('Remove a field.', { enum: ['drop'] }), field: FIELD }, ['op', 'field'], { closed: true }),
  object({ op: text('Set a field (default: only when missing or null).', { enum: ['set', 'default'] }), field: FIELD, value: anyValue('The value.') }, ['op', 'field', 'value'], { closed: true }),
  object({ op: text('Convert a field.', { enum: ['cast'] }), field: FIELD, to: text('Target type.', { enum: ['string', 'number', 'integer', 'boolean'] }) }, ['op', 'field', 'to'], { closed: true }),
  object({ op: text('Change a text field.', { enum: ['trim', 'lowercase', 'uppercase'] }), field: FIELD }, ['op', 'field'], { closed: true }),
];

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off']);

/** The converted value, or a reason it cannot be converted. */
function cast(value: unknown, to: 'string' | 'number' | 'integer' | 'boolean'): { value: unknown } | { problem: string } {
  if (to === 'string') return typeof value === 'object' && value !== null ? { value: JSON.stringify(value) } : { value: String(value) };
  if (to === 'boolean') {
    if (typeof value === 'boolean') return { value };
    const word = String(value).trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return { value: true };
    if (FALSE_WORDS.has(word)) return { value: false };
    return { problem: `${JSON.stringify(value)} is not a boolean` };
  }
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(number)) return { problem: `${JSON.stringify(value)} is not a number` };
  if (to === 'integer' && !Number.isInteger(number)) return { problem: `${JSON.stringify(value)} is not an integer` };
  return { value: number };
}

/** Applies one operation to `target`; returns a problem sentence when it could not. */
function apply(target: Record<string, unknown>, operation: Operation): string | undefined {
  switch (operation.op) {
    case 'rename':
    case 'copy': {
      const source = readPath(target, operation.from);
      if (!source.found) return `${operation.op} "${operation.from}": no such field`;
      writePath(target, operation.to, copyJson(source.value));
      if (operation.op === 'rename' && operation.from !== operation.to) deletePath(target, operation.from);
      return undefined;
    }
    case 'drop':
      return deletePath(target, operation.field) ? undefined : `drop "${operation.field}": no such field`;
    case 'set':
      writePath(target, operation.field, copyJson(operation.value));
      return undefined;
    case 'default': {
      const current = readPath(target, operation.field);
      if (!current.found || current.value === null) writePath(target, operation.field, copyJson(operation.value));
      return undefined;
    }
    case 'cast': {
      const current = readPath(target, operation.field);
      if (!current.found) return `cast "${operation.field}": no such field`;
      const result = cast(current.value, operation.to);
      if ('problem' in result) return `cast "${operation.field}" to ${operation.to}: ${result.problem}`;
      writePath(target, operation.field, result.value);
      return undefined;
    }
    default: {
      const current = readPath(target, operation.field);
      if (!current.found) return `${operation.op} "${operation.field}": no such field`;
      if (typeof current.value !== 'string') return `${operation.op} "${operation.field}": not a text field`;
      const changed = operation.op === 'trim' ? current.value.trim() : operation.op === 'lowercase' ? current.value.toLowerCase() : current.value.toUpperCase();
      writePath(target, operation.field, changed);
      return undefined;
    }
  }
}

export const dataRecordTransform = defineCapability<Input>({
  id: 'data.record.transform',
  description:
    'Applies operations to a record in order: rename, copy, drop, set, default (only when missing or null), cast (string, number, integer, boolean), trim, lowercase, uppercase. An operation that cannot apply is reported and skipped.',
  inputSchema: object(
    {
      record: record('The record to transform (left unchanged; a copy is returned).'),
      operations: list({ anyOf: OPERATION_SCHEMAS }, 'The operations, applied in order.', { minItems: 1, maxItems: 1000 }),
    },
    ['record', 'operations'],
  ),
  outputSchema: object(
    {
      record: record('The transformed record.'),
      applied: integer('Operations applied.'),
      problems: list(text('Why an operation was skipped.'), 'Skipped operations, in order.'),
    },
    ['record', 'applied', 'problems'],
  ),
  compute(input) {
    const target = copyJson(input.record);
    const problems: string[] = [];
    for (const operation of input.operations) {
      const problem = apply(target, operation);
      if (problem !== undefined) problems.push(problem);
    }
    return { record: target, applied: input.operations.length - problems.length, problems };
  },
});
