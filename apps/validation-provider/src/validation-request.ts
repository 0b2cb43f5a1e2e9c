import type { ValidationInput } from './schema-validator.js';

/**
 * Reads a `/validate` body: a JSON object with `data` and `schema`, both JSON objects. A field
 * sent as `null` counts as absent (the interface's rule for optional fields), so it is then reported
 * missing. Returns the input, or the one-line reason for a 400.
 */
export function parseValidationRequest(body: unknown): ValidationInput | { readonly error: string } {
  if (body === undefined) return { error: 'request body must be a JSON object with "data" and "schema"' };
  if (!isJsonObject(body)) return { error: `request body must be a JSON object, got ${typeName(body)}` };
  const missing = (['data', 'schema'] as const).filter((field) => body[field] === undefined || body[field] === null);
  if (missing.length > 0) return { error: `missing required field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` };
  const { data, schema } = body;
  if (!isJsonObject(data)) return { error: `data must be a JSON object, got ${typeName(data)}` };
  if (!isJsonObject(schema)) return { error: `schema must be a JSON object, got ${typeName(schema)}` };
  return { data, schema };
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
