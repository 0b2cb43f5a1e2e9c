import { z } from 'zod';
import type { RouteDefinition } from '../route-definition.js';

/** GET /openapi.json; the document is built once, from the other routes' contracts and its own. */
export function openApiRoute(document: () => Record<string, unknown>): RouteDefinition {
  return {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This API description (OpenAPI 3.1)',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI document', schema: z.record(z.string(), z.unknown()) } },
    errors: [],
    handler: (_req, res) => {
      res.json(document());
    },
  };
}
