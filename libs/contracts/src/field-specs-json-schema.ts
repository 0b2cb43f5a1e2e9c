import { KNOWN_FIELD_TYPES, type FieldSpecs } from './field-spec.js';

type JsonSchema = Record<string, unknown>;

const isKnownType = (type: string): type is (typeof KNOWN_FIELD_TYPES)[number] => (KNOWN_FIELD_TYPES as readonly string[]).includes(type);

function fieldSchema(type: string, nullable: boolean, description: string | undefined): JsonSchema {
  const typed: JsonSchema = isKnownType(type) ? { type: nullable ? [type, 'null'] : type } : {};
  const text = isKnownType(type) ? description : [description, `Declared type '${type}' (not checked).`].filter(Boolean).join(' ');
  return { ...typed, ...(text === undefined ? {} : { description: text }) };
}

/**
 * The JSON Schema (2020-12) of a skill's or capability's declared fields, as the engine checks
 * them: inputs are an object of the declared names only, each of its declared type (an unknown
 * type name accepts anything), the required ones present and not null, an optional one absent or
 * null (it then takes its `default`). Outputs are described by name and type, each possibly null
 * (a step skipped by its condition leaves its output unwritten).
 */
export function fieldSpecsJsonSchema(fields: FieldSpecs, io: 'inputs' | 'outputs'): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const mandatory = io === 'inputs' && spec.required;
    properties[name] = { ...fieldSchema(spec.type, !mandatory, spec.description), ...(spec.default === undefined ? {} : { default: spec.default }) };
    if (mandatory) required.push(name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length === 0 ? {} : { required }),
    ...(io === 'inputs' ? { additionalProperties: false } : {}),
  };
}
