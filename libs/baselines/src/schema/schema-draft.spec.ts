import { describe, expect, it } from '@jest/globals';
import { schemaDraft } from './schema-draft.js';

describe('schemaDraft', () => {
  it.each([
    [undefined, 'draft-07'],
    ['http://json-schema.org/draft-07/schema#', 'draft-07'],
    ['https://json-schema.org/draft-07/schema', 'draft-07'],
    ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
    ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
    ['http://json-schema.org/draft/2020-12/schema#', '2020-12'],
  ])('reads %s as %s', ($schema, draft) => {
    expect(schemaDraft($schema === undefined ? {} : { $schema })).toBe(draft);
  });

  it('refuses other dialects and non-strings', () => {
    expect(schemaDraft({ $schema: 'http://json-schema.org/draft-04/schema#' })).toEqual({
      unsupported: 'unsupported $schema "http://json-schema.org/draft-04/schema#" (supported: draft-07, 2019-09, 2020-12)',
    });
    expect(schemaDraft({ $schema: 7 })).toEqual({ unsupported: '$schema must be a string' });
  });
});
