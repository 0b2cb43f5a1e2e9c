import { parseContract } from '@skill-service/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { queryValues } from '../query-values.js';
import type { RouteDefinition } from '../route-definition.js';

const OpenApiQuery = z.object({
  skills: z
    .enum(['expand'])
    .optional()
    .describe('`expand` adds each skill’s own execute, stream and async operations, typed with its inputs and outputs'),
});

export interface OpenApiRouteOptions {
  /** The document without `servers`; `expand` asks for the per-skill operations. Built once per form by the caller. */
  readonly document: (expand: boolean) => Record<string, unknown>;
  /** The service's public base URL (`SERVICE_PUBLIC_URL`); else the origin the request was sent to. */
  readonly publicUrl?: string;
}

/** The origin the client reached: the Host header it sent (when it reads as one), else the socket's local address. */
function requestOrigin(req: Request): string {
  const host = req.get('host');
  if (host !== undefined) {
    try {
      const url = new URL(`${req.protocol}://${host}`);
      if (url.host === host.toLowerCase()) return url.origin;
    } catch {
      // Not a host; fall through to the address the request came to.
    }
  }
  const address = req.socket.localAddress ?? '127.0.0.1';
  return `${req.protocol}://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

/** GET /openapi.json: the document of the mounted routes, with `servers` naming this service. */
export function openApiRoute(options: OpenApiRouteOptions): RouteDefinition {
  return {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This API description (OpenAPI 3.1)',
    access: 'public',
    query: OpenApiQuery,
    responses: { 200: { description: 'The OpenAPI document', schema: z.record(z.string(), z.unknown()) } },
    errors: [],
    handler: (req, res) => {
      const query = parseContract(OpenApiQuery, queryValues(req), 'query');
      const { openapi, info, ...rest } = options.document(query.skills === 'expand');
      res.json({ openapi, info, servers: [{ url: options.publicUrl ?? requestOrigin(req) }], ...rest });
    },
  };
}
