/**
 * The provider's own OpenAPI 3.1 description, served at `GET /openapi.json`. Hand-written: the
 * surface is three routes, and the statuses it declares (200, 400, 404, 413, 504) are the
 * contract the `openapi` binding and its callers rely on.
 */
export function openApiDocument(variant: { readonly mock: boolean; readonly timeoutMs: number; readonly bodyLimitBytes: number }): Record<string, unknown> {
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  const notFound = { $ref: '#/components/responses/NotFound' };
  return {
    openapi: '3.1.0',
    info: {
      title: variant.mock ? 'Validation provider (mock)' : 'Validation provider',
      version: '1.0.0',
      description: variant.mock
        ? 'Mock of the data.schema.validate provider: checks only that data and schema are objects and that the schema type is absent or "object".'
        : 'Validates a JSON document against a JSON Schema (draft-07 by default; 2019-09 and 2020-12 when $schema names them), with formats.',
    },
    paths: {
      '/validate': {
        post: {
          operationId: 'validate',
          summary: 'Validate data against a JSON Schema',
          requestBody: {
            required: true,
            description: `A JSON object; at most ${variant.bodyLimitBytes} bytes. A field sent as null counts as absent.`,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidateRequest' } } },
          },
          responses: {
            '200': {
              description: 'The verdict: valid, or the readable errors (JSON Pointer of the value, then the problem).',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidateResult' } } },
            },
            '400': errorResponse('Bad request: malformed JSON, not an object, a missing or non-object field, or an invalid schema ("invalid schema: …").'),
            '404': notFound,
            '413': errorResponse('The request body is larger than the limit.'),
            '504': errorResponse(`The validation exceeded its time budget (${variant.timeoutMs} ms) or failed while running.`),
          },
        },
      },
      '/health': {
        get: {
          operationId: 'health',
          responses: {
            '200': {
              description: 'The provider is up.',
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } },
                },
              },
            },
            '404': notFound,
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openapi',
          responses: {
            '200': { description: 'This document.', content: { 'application/json': { schema: { type: 'object' } } } },
            '404': notFound,
          },
        },
      },
    },
    components: {
      schemas: {
        ValidateRequest: {
          type: 'object',
          required: ['data', 'schema'],
          properties: {
            data: { type: 'object', description: 'The document to check.' },
            schema: { type: 'object', description: 'A JSON Schema.' },
          },
        },
        ValidateResult: {
          type: 'object',
          required: ['valid', 'errors'],
          properties: {
            valid: { type: 'boolean' },
            errors: { type: 'array', items: { type: 'string' }, examples: [['/name must be string']] },
          },
        },
        Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
      },
      responses: {
        NotFound: { description: 'Any other path, or another method on a known path: an empty body.' },
      },
    },
  };
}
