/** The JSON Schema dialects `data.schema.validate` supports. */
export type SchemaDraft = 'draft-07' | '2019-09' | '2020-12';

const DIALECTS: Readonly<Record<string, SchemaDraft>> = {
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
};

/**
 * The dialect a schema declares in `$schema` (http or https, with or without `#`); draft-07 when
 * it declares none, as the example validation provider does. Anything else is a reason string.
 */
export function schemaDraft(schema: Readonly<Record<string, unknown>>): SchemaDraft | { readonly unsupported: string } {
  const declared = schema['$schema'];
  if (declared === undefined) return 'draft-07';
  if (typeof declared !== 'string') return { unsupported: '$schema must be a string' };
  const draft = DIALECTS[declared.trim().replace(/^https?:\/\//, '').replace(/#$/, '')];
  return draft ?? { unsupported: 'declares an unsupported $schema (supported: draft-07, 2019-09, 2020-12)' };
}
