import type { SchemaValidator, ValidationInput, ValidationOutcome } from './schema-validator.js';

export const MOCK_UNSUPPORTED_SCHEMA = 'Only object schemas are supported by the mock service';

/**
 * The mock variant's checks, deliberately shallow: the request shape (both fields
 * JSON objects, enforced before this runs, as 400s now) and a schema `type` that is absent or
 * `object`. `required`, `properties` and everything else are ignored on purpose, so scenario
 * files written against the mock keep their expected answers.
 */
export class MockValidator implements SchemaValidator {
  async validate(input: ValidationInput): Promise<ValidationOutcome> {
    const type = input.schema['type'];
    if (type === undefined || type === 'object') return { kind: 'result', valid: true, errors: [] };
    return { kind: 'result', valid: false, errors: [MOCK_UNSUPPORTED_SCHEMA] };
  }

  async close(): Promise<void> {
    // Nothing held.
  }
}
