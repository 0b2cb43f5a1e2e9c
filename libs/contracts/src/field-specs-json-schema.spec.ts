import { describe, expect, it } from '@jest/globals';
import { fieldSpecsJsonSchema } from './field-specs-json-schema.js';
import { FieldSpecs } from './field-spec.js';

const fields = FieldSpecs.parse({
  text: { type: 'string', required: true, description: 'The text.' },
  max: { type: 'integer', default: 3 },
  options: { type: 'object' },
  shape: { type: 'tensor' },
});

describe('fieldSpecsJsonSchema', () => {
  it('describes inputs as the engine checks them: declared names only, required ones not null, optional ones nullable with their default', () => {
    expect(fieldSpecsJsonSchema(fields, 'inputs')).toEqual({
      type: 'object',
      properties: {
        text: { type: 'string', description: 'The text.' },
        max: { type: ['integer', 'null'], default: 3 },
        options: { type: ['object', 'null'] },
        shape: { description: "Declared type 'tensor' (not checked)." },
      },
      required: ['text'],
      additionalProperties: false,
    });
  });

  it('describes outputs by name and type, each possibly null, none required', () => {
    expect(fieldSpecsJsonSchema(FieldSpecs.parse({ sum: { type: 'number', required: true } }), 'outputs')).toEqual({
      type: 'object',
      properties: { sum: { type: ['number', 'null'] } },
    });
  });
});
