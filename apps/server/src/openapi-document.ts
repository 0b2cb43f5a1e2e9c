import {
  ERROR_TAXONOMY,
  ErrorPayload,
  ExecutionResult,
  RunLaunch,
  SkillAsyncRequest,
  SkillExecuteRequest,
  SkillStreamRequest,
  fieldSpecsJsonSchema,
  type Role,
  type SkillDefinition,
} from '@skill-service/contracts';
import { z } from 'zod';
import { OPERATION_DOCS, OPERATION_TAGS, type OperationDocs } from './openapi-operations.js';
import type { RouteDefinition } from './route-definition.js';

type Json = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';

/**
 * Statuses every route may answer: 400 for an undeclared query parameter, 500 for the unexpected;
 * POST routes also refuse bodies (413 too large, 415 not JSON). 405 is a property of a path, not
 * of an operation (any other method on a documented path answers it, with `Allow`): see `info`.
 */
const COMMON_ERRORS = [400, 500];
const BODY_ERRORS = [413, 415];

/** How the service authenticates, as the document describes it. */
export interface DocumentAccess {
  /** The role a route needs, `public` when it answers without credentials. */
  roleOf(route: RouteDefinition): Role | 'public';
  /** No credential is ever asked for (no API key and no RBAC): no security requirements at all. */
  readonly open: boolean;
  /** Requests without credentials act as `reader` (RBAC without keys or a JWT secret). */
  readonly anonymousReader: boolean;
}

export interface DocumentOptions {
  readonly version: string;
  readonly access: DocumentAccess;
  /** Outbound requests (OpenAPI 3.1 `webhooks`). */
  readonly webhooks?: readonly OutboundWebhook[];
  /** With them, each skill gets its own typed execute, stream and async operations (`?skills=expand`). */
  readonly skills?: readonly SkillDefinition[];
}

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

  /** A component written here rather than converted from zod (a skill's own inputs and outputs). */
  add(name: string, schema: Json): Json {
    this.schemas[name] = schema;
    return { $ref: `${COMPONENT}${name}` };
  }

  definition(ref: Json): Json {
    return this.schemas[String(ref['$ref']).slice(COMPONENT.length)] ?? {};
  }
}

/** zod's `#/$defs/` references pointed at the components. */
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

/**
 * A record with enumerated keys (zod writes `propertyNames` and `required` without `properties`)
 * rewritten to list its keys as properties: the same constraint, in the form linters and code
 * generators read. The keys' enum may sit behind a component reference.
 */
function recordKeysAsProperties(value: unknown, schemas: Record<string, Json>): unknown {
  if (Array.isArray(value)) return value.map((item) => recordKeysAsProperties(item, schemas));
  if (typeof value !== 'object' || value === null) return value;
  const schema = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, recordKeysAsProperties(item, schemas)])) as Json;
  let names = schema['propertyNames'] as Json | undefined;
  const ref = names?.['$ref'];
  if (typeof ref === 'string' && ref.startsWith(COMPONENT)) names = schemas[ref.slice(COMPONENT.length)];
  const keys = names?.['enum'];
  if (!Array.isArray(keys) || schema['properties'] !== undefined || typeof schema['additionalProperties'] !== 'object') return schema;
  const { additionalProperties, ...rest } = schema;
  delete rest['propertyNames'];
  return { ...rest, properties: Object.fromEntries(keys.map((key) => [String(key), additionalProperties])), additionalProperties: false };
}

const ERROR_RESPONSE_SCHEMA = { $ref: `${COMPONENT}ErrorPayload` };

function errorDescription(status: number): string {
  const codes = Object.entries(ERROR_TAXONOMY).flatMap(([code, entry]) => (entry.status === status ? [code] : []));
  const why: Record<number, string> = {
    400: 'The request is invalid (body, inputs, path or query parameters)',
    401: 'No valid credentials',
    403: 'Credentials refused, or a role below the one this route needs',
    429: 'Too many requests from this client; retry after `Retry-After` seconds',
    422: 'The Idempotency-Key was already used with another request',
  };
  return `${why[status] ?? 'Error payload'} (${codes.join(', ')})`;
}

const RATE_LIMIT_HEADERS = {
  'Retry-After': { description: 'Seconds until a request is let in again', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Policy': { description: 'The limit and its window in seconds, e.g. `60;w=60`', schema: { type: 'string' } },
  RateLimit: { description: 'What is left of the window, e.g. `limit=60, remaining=0, reset=12`', schema: { type: 'string' } },
};

function parameters(route: RouteDefinition, components: SchemaComponents): Json[] {
  const inPath = [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const inQuery = Object.entries(route.query?.shape ?? {}).map(([name, schema]) => {
    const field = schema as z.ZodType;
    return { name, in: 'query', required: !field.safeParse(undefined).success, schema: components.ref(field, 'input') };
  });
  const idempotency =
    route.idempotency === undefined
      ? []
      : [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Makes a retry safe: the same key with the same body within the TTL (SERVICE_IDEMPOTENCY_TTL_SECONDS, default a day) ' +
              'answers the first response again with `Idempotent-Replayed: true` and starts nothing; the same key with another body answers 422. ' +
              (route.idempotency === 'wait'
                ? 'A duplicate sent while the first is still being answered gets the same run.'
                : 'A duplicate sent while the first is still running answers 409 with `Retry-After`.') +
              ' Keys are scoped per authenticated subject.',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ];
  const headers = Object.entries(route.requestHeaders ?? {}).map(([name, header]) => ({ name, in: 'header', required: false, ...header }));
  return [...inPath, ...inQuery, ...idempotency, ...headers];
}

const IDEMPOTENT_REPLAYED_HEADERS = {
  'Idempotent-Replayed': { description: '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`', schema: { type: 'string', enum: ['true'] } },
};

/** Who may call an operation: no requirement (an empty list) when the service is open or the route public. */
function securityOf(role: Role | 'public', access: DocumentAccess): Json {
  // The role stays named on an open server: it is what the route needs once credentials are configured.
  if (role === 'public') return { security: [] };
  if (access.open) return { security: [], 'x-required-role': role };
  const credentials = [{ ApiKeyAuth: [] }, { BearerAuth: [] }];
  return {
    security: role === 'reader' && access.anonymousReader ? [{}, ...credentials] : credentials,
    'x-required-role': role,
  };
}

function errorResponses(statuses: Iterable<number>): Json {
  const responses: Json = {};
  for (const status of [...new Set(statuses)].sort((a, b) => a - b)) {
    responses[String(status)] = {
      description: errorDescription(status),
      ...(status === 429 ? { headers: RATE_LIMIT_HEADERS } : {}),
      content: { 'application/json': { schema: ERROR_RESPONSE_SCHEMA } },
    };
  }
  return responses;
}

/** The error statuses of a route: its own, the common ones, and those of its guard. */
function errorStatuses(route: RouteDefinition, role: Role | 'public', access: DocumentAccess): number[] {
  const guard = role === 'public' ? [] : access.open ? [429] : [401, 403, 429];
  return [...route.errors, ...COMMON_ERRORS, ...(route.method === 'post' ? BODY_ERRORS : []), ...guard];
}

function docsOf(route: RouteDefinition): OperationDocs {
  const docs = OPERATION_DOCS[route.operationId];
  if (docs === undefined) throw new Error(`${route.operationId} has no entry in OPERATION_DOCS`);
  return docs;
}

function requestBody(schema: Json, example: unknown): Json {
  return { required: true, content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } } };
}

function operation(route: RouteDefinition, components: SchemaComponents, access: DocumentAccess): Json {
  const role = access.roleOf(route);
  const responses: Json = {};
  for (const [status, response] of Object.entries(route.responses)) {
    for (const schema of response.references ?? []) components.ref(schema, 'output');
    responses[status] = {
      description: response.description,
      ...(route.idempotency === undefined && response.headers === undefined
        ? {}
        : { headers: { ...(route.idempotency === undefined ? {} : IDEMPOTENT_REPLAYED_HEADERS), ...response.headers } }),
      content: { [response.contentType ?? 'application/json']: { schema: components.ref(response.schema, 'output') } },
    };
  }
  components.ref(ErrorPayload, 'output');
  const docs = docsOf(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: docs.description,
    tags: [docs.tag],
    ...securityOf(role, access),
    parameters: parameters(route, components),
    ...(route.body === undefined ? {} : { requestBody: requestBody(components.ref(route.body, 'input'), docs.example) }),
    responses: { ...responses, ...errorResponses(errorStatuses(route, role, access)) },
  };
}

/** A request the service sends (OpenAPI 3.1 `webhooks`): its body schema. */
export interface OutboundWebhook {
  readonly name: string;
  readonly summary: string;
  readonly schema: z.ZodType;
}

const WEBHOOK_HEADERS: readonly [string, string][] = [
  [
    'X-Webhook-Signature',
    '`sha256=<lowercase hex HMAC-SHA256 of the raw body>`, keyed with the subscription secret exactly as it was given (with a secret only)',
  ],
  ['webhook-id', 'Standard Webhooks message id, the same for every attempt of one delivery'],
  ['webhook-timestamp', 'Standard Webhooks: UNIX epoch seconds of the attempt'],
  [
    'webhook-signature',
    'Standard Webhooks `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (with a secret only). A `whsec_<base64>` secret signs with its ' +
      'decoded bytes, so Standard Webhooks libraries verify with that secret; any other secret signs with its UTF-8 bytes ' +
      '(give those libraries the base64 of them, prefixed `whsec_`)',
  ],
];

function webhookItem(webhook: OutboundWebhook, components: SchemaComponents): Json {
  return {
    post: {
      operationId: webhook.name,
      summary: webhook.summary,
      description: 'What a subscription receives: one POST per event, signed when the subscription has a secret.',
      tags: ['Webhooks'],
      // Sent by the service: the receiver authenticates it by the signature headers, not by credentials of ours.
      security: [],
      parameters: WEBHOOK_HEADERS.map(([name, description]) => ({ name, in: 'header', required: false, description, schema: { type: 'string' } })),
      requestBody: { required: true, content: { 'application/json': { schema: components.ref(webhook.schema, 'output') } } },
      responses: {
        '2XX': { description: 'Delivered.' },
        '4XX': { description: 'Not delivered: retried after 2 s, 4 s, 8 s, then dead-lettered (as is any other answer, 3xx included, or none within 10 s).' },
      },
    },
  };
}

/** A component name from a skill id (letters, digits, `.`, `-`, `_` only, as OpenAPI requires). */
const componentName = (skillId: string, part: string): string => `skill.${skillId.replace(/[^A-Za-z0-9._-]/g, '_')}.${part}`;

/** An operationId from a skill id: unique in the document, usable as a method name by client generators. */
function skillOperationId(verb: string, skillId: string, taken: Set<string>): string {
  const base = `${verb}_${skillId.replace(/[^A-Za-z0-9]+/g, '_')}`;
  let id = base;
  for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}_${suffix}`;
  taken.add(id);
  return id;
}

/** A request to copy for a skill: its first declared example, else one value of each declared type for the required inputs. */
function skillExample(skill: SkillDefinition): Json {
  const declared = skill.metadata.examples?.[0]?.input;
  if (declared !== undefined) return declared;
  const sample: Record<string, unknown> = { string: 'text', number: 1, integer: 1, boolean: true, object: {}, array: [] };
  return Object.fromEntries(Object.entries(skill.inputs).flatMap(([name, spec]) => (spec.required ? [[name, sample[spec.type] ?? 'value']] : [])));
}

/** A copy of a contract component with some properties replaced (a request with typed inputs, a result with typed outputs). */
function typedVariant(components: SchemaComponents, base: Json, name: string, properties: Json, description: string): Json {
  const definition = components.definition(base);
  return components.add(name, { ...definition, description, properties: { ...(definition['properties'] as Json), ...properties } });
}

/** The execute, stream and async operations of one skill, typed with its inputs and outputs. */
function skillPaths(skill: SkillDefinition, routes: readonly RouteDefinition[], components: SchemaComponents, access: DocumentAccess, taken: Set<string>): Record<string, Json> {
  const inputs = components.add(componentName(skill.id, 'Inputs'), { ...fieldSpecsJsonSchema(skill.inputs, 'inputs'), description: `Inputs of ${skill.id}` });
  const outputs = components.add(componentName(skill.id, 'Outputs'), { ...fieldSpecsJsonSchema(skill.outputs, 'outputs'), description: `Outputs of ${skill.id}` });
  const example = { inputs: skillExample(skill) };
  const request = (base: z.ZodType, part: string): Json =>
    typedVariant(components, components.ref(base, 'input'), componentName(skill.id, part), { inputs }, `${part} of ${skill.id}, its inputs typed`);
  const result = typedVariant(components, components.ref(ExecutionResult, 'output'), componentName(skill.id, 'Result'), { outputs }, `Result of ${skill.id}, its outputs typed`);
  const kinds = [
    { suffix: 'execute', verb: 'execute', body: request(SkillExecuteRequest, 'ExecuteRequest'), success: { 200: { description: 'The run completed', content: { 'application/json': { schema: result } } } } },
    { suffix: 'execute/stream', verb: 'stream', body: request(SkillStreamRequest, 'StreamRequest'), success: undefined },
    {
      suffix: 'execute/async',
      verb: 'launch',
      body: request(SkillAsyncRequest, 'AsyncRequest'),
      success: { 202: { description: 'The run is queued', content: { 'application/json': { schema: components.ref(RunLaunch, 'output') } } } },
    },
  ];
  const paths: Record<string, Json> = {};
  for (const kind of kinds) {
    const generic = routes.find((route) => route.method === 'post' && route.path === `/v1/skills/{skill_id}/${kind.suffix}`);
    if (generic === undefined) continue;
    const base = operation(generic, components, access);
    paths[`/v1/skills/${encodeURIComponent(skill.id)}/${kind.suffix}`] = {
      post: {
        ...base,
        operationId: skillOperationId(kind.verb, skill.id, taken),
        summary: `${String(base['summary'])}: ${skill.name}`,
        description: `${skill.description}\n\n${String(base['description'])}`,
        tags: [`Skill ${skill.id}`],
        // The skill is in the path: only the query parameters (none today) remain.
        parameters: (base['parameters'] as Json[]).filter((parameter) => parameter['in'] !== 'path'),
        requestBody: requestBody(kind.body, example),
        responses: { ...(base['responses'] as Json), ...(kind.success ?? {}) },
      },
    };
  }
  return paths;
}

/**
 * The OpenAPI 3.1 description of the mounted routes, generated from their zod contracts: without
 * `servers`, which depend on the request (the route adds them).
 */
export function openApiDocument(routes: readonly RouteDefinition[], options: DocumentOptions): Json {
  const { access } = options;
  const webhooks = options.webhooks ?? [];
  const components = new SchemaComponents();
  const paths: Record<string, Json> = {};
  for (const route of routes) paths[route.path] = { ...paths[route.path], [route.method]: operation(route, components, access) };
  const taken = new Set(routes.map((route) => route.operationId));
  const skills = [...(options.skills ?? [])].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const skill of skills) Object.assign(paths, skillPaths(skill, routes, components, access, taken));
  const webhookItems = Object.fromEntries(webhooks.map((webhook) => [webhook.name, webhookItem(webhook, components)]));
  const tags = [
    ...Object.entries(OPERATION_TAGS).map(([name, description]) => ({ name, description })),
    ...skills.map((skill) => ({ name: `Skill ${skill.id}`, description: `${skill.name}: ${skill.description}` })),
  ];
  const schemas = recordKeysAsProperties(components.schemas, components.schemas) as Record<string, Json>;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skill Execution Service',
      version: options.version,
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Executes declarative skills and capabilities synchronously, as Server-Sent Events or as tracked async runs. ' +
        'Every error answers `{error: {code, message, type}, trace_id}` with its real status; every answer carries `x-trace-id`. ' +
        'A documented path asked with another method answers 405 with `Allow`, before any authentication; an undeclared query parameter answers 400.',
    },
    tags,
    paths,
    ...(webhooks.length === 0 ? {} : { webhooks: webhookItems }),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1))),
      ...(access.open
        ? {}
        : {
            securitySchemes: {
              ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
              BearerAuth: { type: 'http', scheme: 'bearer', description: 'A JWT (HS256, when a JWT secret is configured) or the API key itself' },
            },
          }),
    },
  };
}
