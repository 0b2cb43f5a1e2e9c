/** The JSON Schema dialects supported by `data.schema.validate` and the example validation provider. */
export type SchemaDraft = 'draft-07' | '2019-09' | '2020-12';

const DIALECTS: Readonly<Record<string, SchemaDraft>> = {
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
};

/**
 * The dialect a schema declares in `$schema`: draft-07 when absent (ajv's default and what most
 * hand-written schemas mean), 2019-09 or 2020-12 when named (http or https, with or without the
 * trailing `#`). Anything else is refused with a reason instead of being validated by the wrong rules.
 */
export function schemaDraft(schema: Readonly<Record<string, unknown>>): SchemaDraft | { readonly unsupported: string } {
  const declared = schema['$schema'];
  if (declared === undefined) return 'draft-07';
  if (typeof declared !== 'string') return { unsupported: '$schema must be a string' };
  const key = declared.trim().replace(/^https?:\/\//, '').replace(/#$/, '');
  const draft = DIALECTS[key];
  if (draft !== undefined) return draft;
  const shown = declared.length <= 100 ? declared : `${declared.slice(0, 99)}…`;
  return { unsupported: `unsupported $schema "${shown}" (supported: draft-07, 2019-09, 2020-12)` };
}
