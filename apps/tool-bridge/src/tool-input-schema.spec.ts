import { describe, expect, it } from '@jest/globals';
import { DiscoverRequest, jsonSchemaFor } from '@skill-service/contracts';
import { z } from 'zod';
import { toolInputSchema } from './tool-input-schema.js';

describe('toolInputSchema', () => {
  it('puts a named contract schema back at the top, keeping the other definitions', () => {
    const schema = toolInputSchema(DiscoverRequest);
    expect(schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['intent'], properties: { intent: { type: 'string' } } });
    expect(schema).not.toHaveProperty('$ref');
    const definition = (jsonSchemaFor('DiscoverRequest', 'input')['$defs'] as Record<string, object>)['DiscoverRequest'];
    expect(schema).toEqual({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...definition });
  });

  it('leaves an anonymous object schema as zod writes it', () => {
    const args = z.object({ skill_id: z.string().min(1), deep: z.boolean().optional() });
    expect(toolInputSchema(args)).toEqual(z.toJSONSchema(args, { io: 'input', target: 'draft-2020-12' }));
  });
});
