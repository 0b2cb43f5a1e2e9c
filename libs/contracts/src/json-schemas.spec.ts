import { describe, expect, it } from '@jest/globals';
import { CONTRACT_SCHEMAS, jsonSchemaFor, type ContractSchemaName } from './json-schemas.js';

describe('JSON Schemas of the contract', () => {
  const names = Object.keys(CONTRACT_SCHEMAS) as ContractSchemaName[];

  it.each(names)('%s converts to a draft 2020-12 schema in both directions', (name) => {
    for (const io of ['input', 'output'] as const) {
      const schema = jsonSchemaFor(name, io);
      expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
    }
  });

  it('describes the execute request with its enums and required inputs', () => {
    const schema = jsonSchemaFor('SkillExecuteRequest', 'input') as {
      $defs: Record<string, { required?: string[]; properties: Record<string, unknown> }>;
    };
    const body = schema.$defs['SkillExecuteRequest'];
    expect(body?.required).toEqual(['inputs']);
    expect(schema.$defs['AuditMode']).toMatchObject({ enum: ['off', 'standard', 'full'] });
    expect(schema.$defs['ConformanceProfile']).toMatchObject({ enum: ['experimental', 'standard', 'strict'] });
  });

  it('marks defaulted fields required only on the output side', () => {
    type Defs = { $defs: Record<string, { required?: string[] }> };
    const input = jsonSchemaFor('BindingDefinition', 'input') as Defs;
    const output = jsonSchemaFor('BindingDefinition', 'output') as Defs;
    expect(input.$defs['BindingDefinition']?.required).not.toContain('conformance_profile');
    expect(output.$defs['BindingDefinition']?.required).toContain('conformance_profile');
    expect(jsonSchemaFor('BindingDefinition', 'output')).toBe(output);
  });
});
