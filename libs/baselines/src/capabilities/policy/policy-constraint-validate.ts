import { defineCapability } from '../../define-capability.js';
import { boolean, list, name, object, record, text } from '../../json-schema.js';
import type { JsonSchema } from '../../builtin-capability.js';
import { equalValues } from '../../records/compare-values.js';
import { readPath } from '../../records/field-path.js';

const VALUE_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
type ValueType = (typeof VALUE_TYPES)[number];

interface Constraints {
  required?: string[];
  forbidden?: string[];
  types?: Record<string, ValueType>;
  min_length?: Record<string, number>;
  max_length?: Record<string, number>;
  allowed_values?: Record<string, unknown[]>;
  min_value?: Record<string, number>;
  max_value?: Record<string, number>;
}

interface Input {
  record: Record<string, unknown>;
  constraints: Constraints;
}

interface Violation {
  field: string;
  rule: string;
  message: string;
}

const byField = (values: JsonSchema, description: string): JsonSchema => ({ type: 'object', description, additionalProperties: values, maxProperties: 1000 });

function typeOf(value: unknown): ValueType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as ValueType;
}

/** Characters (code points) of a text, items of a list; undefined for anything else. */
function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value].length;
  return Array.isArray(value) ? value.length : undefined;
}

export const policyConstraintValidate = defineCapability<Input>({
  id: 'policy.constraint.validate',
  description:
    'Checks a record against declarative constraints — required and forbidden fields, types, minimum and maximum lengths (characters or items), allowed values, numeric bounds — and lists every violation.',
  inputSchema: object(
    {
      record: record('The record to check.'),
      constraints: object(
        {
          required: list(name('Field path.'), 'Fields that must be present and not null.', { maxItems: 1000 }),
          forbidden: list(name('Field path.'), 'Fields that must be absent (or null).', { maxItems: 1000 }),
          types: byField({ type: 'string', enum: [...VALUE_TYPES] }, 'Field path → expected type (integer also satisfies number).'),
          min_length: byField({ type: 'integer', minimum: 0 }, 'Field path → fewest characters or items.'),
          max_length: byField({ type: 'integer', minimum: 0 }, 'Field path → most characters or items.'),
          allowed_values: byField({ type: 'array', maxItems: 1000 }, 'Field path → the values it may take.'),
          min_value: byField({ type: 'number' }, 'Field path → smallest number allowed.'),
          max_value: byField({ type: 'number' }, 'Field path → largest number allowed.'),
        },
        [],
        { closed: true, description: 'The constraints; fields that are absent are only checked by required.' },
      ),
    },
    ['record', 'constraints'],
  ),
  outputSchema: object(
    {
      valid: boolean('Whether no constraint is violated.'),
      violations: list(object({ field: name('Field path.'), rule: name('The constraint.'), message: text('What is wrong.') }, ['field', 'rule', 'message']), 'Every violation, by rule then field.'),
    },
    ['valid', 'violations'],
  ),
  compute({ record: subject, constraints }) {
    const violations: Violation[] = [];
    const present = (field: string): { found: boolean; value: unknown } => {
      const result = readPath(subject, field);
      return { found: result.found && result.value !== null, value: result.value };
    };
    const each = <T>(rules: Record<string, T> | undefined, check: (field: string, limit: T, value: unknown) => void): void => {
      for (const [field, limit] of Object.entries(rules ?? {})) {
        const { found, value } = present(field);
        if (found) check(field, limit, value);
      }
    };
    const fail = (field: string, rule: string, message: string): void => {
      violations.push({ field, rule, message });
    };

    for (const field of constraints.required ?? []) if (!present(field).found) fail(field, 'required', 'is required');
    for (const field of constraints.forbidden ?? []) if (present(field).found) fail(field, 'forbidden', 'must not be present');
    each(constraints.types, (field, expected, value) => {
      const actual = typeOf(value);
      if (actual !== expected && !(expected === 'number' && actual === 'integer')) fail(field, 'types', `must be ${expected}, got ${actual}`);
    });
    each(constraints.min_length, (field, limit, value) => {
      const length = lengthOf(value);
      if (length !== undefined && length < limit) fail(field, 'min_length', `must be at least ${limit} long (characters or items), is ${length}`);
    });
    each(constraints.max_length, (field, limit, value) => {
      const length = lengthOf(value);
      if (length !== undefined && length > limit) fail(field, 'max_length', `must be at most ${limit} long (characters or items), is ${length}`);
    });
    each(constraints.allowed_values, (field, allowed, value) => {
      if (!allowed.some((candidate) => equalValues(candidate, value))) fail(field, 'allowed_values', `must be one of ${allowed.map((item) => JSON.stringify(item)).join(', ')}`);
    });
    each(constraints.min_value, (field, limit, value) => {
      if (typeof value === 'number' && value < limit) fail(field, 'min_value', `must be at least ${limit}, is ${value}`);
    });
    each(constraints.max_value, (field, limit, value) => {
      if (typeof value === 'number' && value > limit) fail(field, 'max_value', `must be at most ${limit}, is ${value}`);
    });
    return { valid: violations.length === 0, violations };
  },
});
