import { defineCapability } from '../../define-capability.js';
import { anyValue, boolean, list, object, record, text } from '../../json-schema.js';
import { onFirstUse } from '../../lazy-module.js';

// The validator (ajv's three drafts, ajv-formats, the linear-time pattern engine) loads on the first call.
const loadSchemaValidator = onFirstUse(() => import('../../schema/json-schema-validator.js'));

interface Input {
  data?: unknown;
  schema: Record<string, unknown>;
}

export const dataSchemaValidate = defineCapability<Input>({
  id: 'data.schema.validate',
  description:
    'Validates JSON data against a JSON Schema (draft-07, 2019-09 or 2020-12, chosen by $schema; formats included) with ajv, and lists every problem with the JSON Pointer of the offending value. Schema values × data values must stay under 2,000,000 (validate large datasets record by record).',
  inputSchema: object({ data: anyValue('The JSON value to check (absent counts as null).'), schema: record('The JSON Schema, at most 2,000 nodes.') }, ['schema']),
  outputSchema: object(
    {
      valid: boolean('Whether the data satisfies the schema.'),
      errors: list(text('A problem: JSON Pointer, then what is wrong.', { maxLength: 10_000 }), 'At most 100 problems (and a line counting the rest).'),
    },
    ['valid', 'errors'],
  ),
  async compute(input) {
    const { validateAgainstSchema } = await loadSchemaValidator();
    return { ...validateAgainstSchema(input.data ?? null, input.schema) };
  },
});
