import { ERROR_TAXONOMY, ErrorPayload } from '@skill-service/contracts';
import { z } from 'zod';
import type { RouteDefinition } from './route-definition.js';

type Json = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';

/** Every route can fail unexpectedly; POST routes also refuse bodies (413 too large, 415 not JSON). */
const COMMON_ERRORS = [500];
const BODY_ERRORS = [413, 415];

/**
 * Collects zod schemas as OpenAPI components: each conversion's `$defs` (the schemas with a meta id)
 * become components and their `#/$defs/` references point there, so a schema used by many routes
 * is described once.
 */
class SchemaComponents {
  readonly schemas: Record<string, Json> = {};

  ref(schema: z.ZodType, io: 'input' | 'output'): Json {
    const converted = relink(z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' })) as Json;
    const { $defs, ...root } = converted as Json & { $defs?: Record<string, Json> };
    // The document's dialect is OpenAPI 3.1's (JSON Schema 2020-12): no per-schema $schema.
    delete root['$schema'];
    for (const [id, definition] of Object.entries($defs ?? {})) this.schemas[id] ??= definition;
    return root;
  }
}

function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? item.replace(/^#\/\$defs\//, COMPONENT) : relink(item),
    ]),
  );
}

function errorDescription(status: number): string {
  const codes = Object.entries(ERROR_TAXONOMY).flatMap(([code, entry]) => (entry.status === status ? [code] : []));
  return `Error payload (${codes.join(', ')})`;
}

function parameters(route: RouteDefinition, components: SchemaComponents): Json[] {
  const inPath = [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const inQuery = Object.entries(route.query?.shape ?? {}).map(([name, schema]) => {
    const field = schema as z.ZodType;
    return { name, in: 'query', required: !field.safeParse(undefined).success, schema: components.ref(field, 'input') };
  });
  return [...inPath, ...inQuery];
}

function operation(route: RouteDefinition, components: SchemaComponents): Json {
  const responses: Json = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = {
      description: response.description,
      content: { [response.contentType ?? 'application/json']: { schema: components.ref(response.schema, 'output') } },
    };
  }
  const errorStatuses = new Set([...route.errors, ...(route.method === 'post' ? BODY_ERRORS : []), ...COMMON_ERRORS]);
  const errorSchema = components.ref(ErrorPayload, 'output');
  for (const status of [...errorStatuses].sort((a, b) => a - b)) {
    responses[String(status)] = { description: errorDescription(status), content: { 'application/json': { schema: errorSchema } } };
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.access === 'public' ? { security: [] } : { 'x-required-role': route.access }),
    parameters: parameters(route, components),
    ...(route.body === undefined
      ? {}
      : { requestBody: { required: true, content: { 'application/json': { schema: components.ref(route.body, 'input') } } } }),
    responses,
  };
}

/** A request the service sends (OpenAPI 3.1 `webhooks`): its body schema. */
export interface OutboundWebhook {
  readonly name: string;
  readonly summary: string;
  readonly schema: z.ZodType;
}

const WEBHOOK_HEADERS: readonly [string, string][] = [
  ['X-Webhook-Signature', '`sha256=<lowercase hex HMAC-SHA256 of the raw body>`, keyed with the subscription secret (with a secret only)'],
  ['webhook-id', 'Standard Webhooks message id, the same for every attempt of one delivery'],
  ['webhook-timestamp', 'Standard Webhooks: UNIX epoch seconds of the attempt'],
  [
    'webhook-signature',
    'Standard Webhooks `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (with a secret only); the secret is used as its raw UTF-8 bytes, not base64-decoded',
  ],
];

function webhookItem(webhook: OutboundWebhook, components: SchemaComponents): Json {
  return {
    post: {
      summary: webhook.summary,
      parameters: WEBHOOK_HEADERS.map(([name, description]) => ({ name, in: 'header', required: false, description, schema: { type: 'string' } })),
      requestBody: { required: true, content: { 'application/json': { schema: components.ref(webhook.schema, 'output') } } },
      responses: {
        '2XX': { description: 'Delivered. Anything else (3xx included, never followed) or no answer within 10 s is retried after 2 s, 4 s, 8 s, then dead-lettered' },
      },
    },
  };
}

/** The OpenAPI 3.1 description of the mounted routes, generated from their zod contracts. */
export function openApiDocument(routes: readonly RouteDefinition[], version: string, webhooks: readonly OutboundWebhook[] = []): Json {
  const components = new SchemaComponents();
  const paths: Record<string, Json> = {};
  for (const route of routes) paths[route.path] = { ...paths[route.path], [route.method]: operation(route, components) };
  const webhookItems = Object.fromEntries(webhooks.map((webhook) => [webhook.name, webhookItem(webhook, components)]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skill Execution Service',
      version,
      description:
        'Executes declarative skills and capabilities synchronously, as Server-Sent Events or as tracked async runs. ' +
        'Every error answers `{error: {code, message, type}, trace_id}` with its real status; every answer carries `x-trace-id`.',
    },
    paths,
    ...(webhooks.length === 0 ? {} : { webhooks: webhookItems }),
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => (a < b ? -1 : 1))),
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        BearerAuth: { type: 'http', scheme: 'bearer', description: 'A JWT (HS256) or the API key itself' },
      },
    },
    security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }],
  };
}
