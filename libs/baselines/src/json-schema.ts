import type { JsonSchema } from './builtin-capability.js';
import { LIMITS } from './limits.js';

// Small builders for the capabilities' JSON Schemas: every string and list gets a bound here, so
// no schema can forget one.

interface Common {
  readonly default?: unknown;
}

export function object(
  properties: Record<string, JsonSchema>,
  required: readonly string[] = [],
  options: { description?: string; closed?: boolean } = {},
): JsonSchema {
  return {
    type: 'object',
    ...(options.description === undefined ? {} : { description: options.description }),
    properties,
    required: [...required],
    ...(options.closed === true ? { additionalProperties: false } : {}),
  };
}

export function text(description: string, options: Common & { maxLength?: number; minLength?: number; enum?: readonly string[] } = {}): JsonSchema {
  const { maxLength = LIMITS.textChars, enum: values, ...rest } = options;
  return { type: 'string', description, ...(values === undefined ? { maxLength } : { enum: [...values] }), ...rest };
}

export function name(description: string, options: Common & { minLength?: number } = {}): JsonSchema {
  return text(description, { maxLength: LIMITS.nameChars, minLength: 1, ...options });
}

export function integer(description: string, options: Common & { minimum?: number; maximum?: number } = {}): JsonSchema {
  return { type: 'integer', description, ...options };
}

export function number(description: string, options: Common & { minimum?: number; maximum?: number } = {}): JsonSchema {
  return { type: 'number', description, ...options };
}

export function boolean(description: string, options: Common = {}): JsonSchema {
  return { type: 'boolean', description, ...options };
}

export function list(items: JsonSchema, description: string, options: { maxItems?: number; minItems?: number } = {}): JsonSchema {
  return { type: 'array', description, items, maxItems: options.maxItems ?? LIMITS.listItems, ...(options.minItems === undefined ? {} : { minItems: options.minItems }) };
}

/** A record of arbitrary fields. */
export function record(description: string): JsonSchema {
  return { type: 'object', description };
}

/** Any JSON value. */
export function anyValue(description: string): JsonSchema {
  return { description };
}

/** `type` or null, for outputs that are absent when there is nothing to report. */
export function nullable(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}
