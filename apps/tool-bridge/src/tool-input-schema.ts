import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const DEFS_PREFIX = '#/$defs/';

/**
 * A tool's `inputSchema` (JSON Schema 2020-12) generated from its zod arguments. MCP wants an object
 * schema at the top: when the arguments are a named contract schema (`DiscoverRequest`), zod answers
 * a `$ref` to its definition, which is put back in place here.
 */
export function toolInputSchema(args: z.ZodObject): JsonSchema {
  const schema = z.toJSONSchema(args, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith(DEFS_PREFIX)) return schema;
  const defs = { ...(schema['$defs'] as Record<string, JsonSchema> | undefined) };
  const name = ref.slice(DEFS_PREFIX.length);
  const root = defs[name];
  if (root === undefined || JSON.stringify(defs).includes(`"${ref}"`)) return schema;
  delete defs[name];
  return { $schema: schema['$schema'], ...root, ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }) };
}
