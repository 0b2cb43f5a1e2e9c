// The served API description under Redocly's recommended ruleset (the library behind `redocly
// lint`), in every authentication mode and with the per-skill operations expanded: 0 errors and
// 0 warnings. Then what the document promises, checked against the server that serves it.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createConfig, lintFromString, type Config } from '@redocly/openapi-core';
import type { SkillService } from '@skill-service/service';
import { Ajv2020 } from 'ajv/dist/2020.js';
import request from 'supertest';
import type { AppOptions, ServerApp } from './app.js';
import { RBAC_WITH_KEYS, ROLE_KEYS } from './testing/auth-fixtures.js';
import { accessFrom } from './testing/test-access.js';
import { openTestService, testApp } from './testing/test-server.js';

jest.setTimeout(60_000);

type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; security?: Json[]; requestBody?: { content: Record<string, { schema: Json; example?: unknown }> } };

let service: SkillService;
let redocly: Config;

beforeAll(async () => {
  service = await openTestService();
  redocly = await createConfig({ extends: ['recommended'] });
});

afterAll(async () => {
  await service.close();
});

async function documentOf(options: Partial<AppOptions>, query = ''): Promise<{ server: ServerApp; document: Json }> {
  const server = testApp(service, options);
  const response = await request(server.app).get(`/openapi.json${query}`).set('Host', 'skills.test:8080').expect(200);
  return { server, document: response.body as Json };
}

async function problemsOf(document: Json): Promise<string[]> {
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config: redocly });
  return problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
}

const operations = (document: Json): Array<[string, string, Operation]> =>
  Object.entries(document['paths'] as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => [path, method, operation] as [string, string, Operation]),
  );

const MODES: Array<[string, () => Promise<Partial<AppOptions>>]> = [
  ['open (no credentials configured)', async () => ({})],
  ['legacy with an API key', async () => ({ access: await accessFrom({ argv: ['--api-key', ROLE_KEYS.admin] }) })],
  ['RBAC with keys', async () => ({ access: await accessFrom({ argv: RBAC_WITH_KEYS.argv, env: RBAC_WITH_KEYS.env }) })],
  ['RBAC with anonymous readers', async () => ({ access: await accessFrom({ env: { SERVICE_RBAC: '1' } }) })],
];

describe('redocly lint (recommended ruleset) on the served document', () => {
  it.each(MODES)('reports nothing: %s', async (_mode, options) => {
    const { document } = await documentOf(await options());
    expect(await problemsOf(document)).toEqual([]);
  });

  it.each(MODES)('reports nothing with ?skills=expand: %s', async (_mode, options) => {
    const { document } = await documentOf(await options(), '?skills=expand');
    expect(await problemsOf(document)).toEqual([]);
  });

  it('is a real check: a document without servers and with an undefined security scheme is reported', async () => {
    const { document } = await documentOf({});
    const broken = { ...document };
    delete broken['servers'];
    const paths = broken['paths'] as Record<string, Record<string, Json>>;
    (paths['/v1/runs'] as Record<string, Json>)['get'] = { ...paths['/v1/runs']?.['get'], security: [{ Nowhere: [] }] };
    const problems = await problemsOf(broken);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^error no-empty-servers/), expect.stringMatching(/^error security-defined/)]));
  });
});

describe('the document matches the server that serves it', () => {
  it('names the request’s own origin as its server, or SERVICE_PUBLIC_URL when set', async () => {
    expect((await documentOf({})).document['servers']).toEqual([{ url: 'http://skills.test:8080' }]);
    const configured = await documentOf({ publicUrl: 'https://skills.example.com/api' });
    expect(configured.document['servers']).toEqual([{ url: 'https://skills.example.com/api' }]);
  });

  it('asks for no credentials when none are configured, and lists no 401 (nor 403 where only the guard would answer it)', async () => {
    const { document } = await documentOf({});
    expect(document['security']).toBeUndefined();
    expect((document['components'] as Json)['securitySchemes']).toBeUndefined();
    for (const [path, method, operation] of operations(document)) {
      expect({ path, method, security: operation.security }).toEqual({ path, method, security: [] });
      expect({ path, method, statuses: Object.keys(operation.responses) }).toEqual({ path, method, statuses: expect.not.arrayContaining(['401']) });
    }
    const runs = (document['paths'] as Record<string, Record<string, Operation>>)['/v1/runs']?.['get'];
    expect(Object.keys(runs?.responses ?? {})).toEqual(['200', '400', '429', '500', '503']);
  });

  it('with RBAC, asks per route for what the role table says; public routes ask for nothing', async () => {
    const options = { access: await accessFrom({ argv: RBAC_WITH_KEYS.argv, env: RBAC_WITH_KEYS.env }) };
    const { document, server } = await documentOf(options);
    const byOperation = Object.fromEntries(operations(document).map(([path, method, operation]) => [`${method.toUpperCase()} ${path}`, operation]));
    expect(byOperation['GET /v1/health']?.security).toEqual([]);
    expect(byOperation['GET /openapi.json']?.security).toEqual([]);
    expect(byOperation['GET /v1/runs']).toMatchObject({ security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }], 'x-required-role': 'operator' });
    expect(byOperation['POST /v1/skills/{skill_id}/execute']).toMatchObject({ 'x-required-role': 'executor' });
    for (const [path, method, operation] of operations(document)) {
      if (operation.security?.length === 0) continue;
      // Every guarded route lists the guard's answers; 429 with its headers.
      expect({ path, method, statuses: Object.keys(operation.responses) }).toEqual({ path, method, statuses: expect.arrayContaining(['401', '403', '429']) });
      expect(Object.keys(operation.responses['429']?.['headers'] as Json)).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit']);
    }
    // And the server does as the document says: no credentials on a guarded route → 401, on a public one → 200.
    await request(server.app).get('/v1/runs').expect(401);
    await request(server.app).get('/v1/health').expect(200);
  });

  it('lets anonymous callers read where RBAC runs without keys: reader routes accept no credentials', async () => {
    const { document } = await documentOf({ access: await accessFrom({ env: { SERVICE_RBAC: '1' } }) });
    const byOperation = Object.fromEntries(operations(document).map(([path, method, operation]) => [`${method.toUpperCase()} ${path}`, operation]));
    expect(byOperation['GET /v1/skills/list']?.security).toEqual([{}, { ApiKeyAuth: [] }, { BearerAuth: [] }]);
    expect(byOperation['POST /v1/skills/{skill_id}/execute']?.security).toEqual([{ ApiKeyAuth: [] }, { BearerAuth: [] }]);
  });

  it('gives every operation a description, a tag, its 4xx answers and, with a body, an example the body schema accepts', async () => {
    const { document } = await documentOf({}, '?skills=expand');
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: (document['components'] as Json) ?? {} });
    for (const [path, method, operation] of operations(document)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect({ where, description: typeof operation['description'] }).toEqual({ where, description: 'string' });
      expect({ where, tags: (operation['tags'] as string[]).length }).toEqual({ where, tags: 1 });
      expect({ where, has400: '400' in operation.responses }).toEqual({ where, has400: true });
      const body = operation.requestBody?.content['application/json'];
      if (body === undefined) continue;
      const validate = ajv.compile({ $ref: `doc#${String(body.schema['$ref'] ?? '').replace(/^#/, '')}` });
      expect({ where, example: body.example !== undefined, valid: validate(body.example) }).toEqual({ where, example: true, valid: true });
    }
  });

  it('describes formats and the SSE frame as it is on the wire (text fields, JSON data)', async () => {
    const { document } = await documentOf({});
    const schemas = (document['components'] as { schemas: Record<string, Json & { properties: Record<string, Json> }> }).schemas;
    expect(schemas['WebhookSubscriptionRequest']?.properties['url']).toMatchObject({ type: 'string', format: 'uri' });
    expect(schemas['RunRecord']?.properties['created_at']).toMatchObject({ format: 'date-time' });
    expect(schemas['RunLaunch']?.properties['run_id']).toMatchObject({ format: 'uuid' });
    const frames = (schemas['StreamFrame'] as unknown as { anyOf: Array<{ properties: Record<string, Json> }> }).anyOf;
    for (const frame of frames) {
      expect(frame.properties['id']).toMatchObject({ type: 'string', pattern: '^[1-9][0-9]*$' });
      expect(frame.properties['data']).toMatchObject({ type: 'string', contentMediaType: 'application/json', contentSchema: expect.any(Object) });
    }
  });
});

describe('?skills=expand', () => {
  it('adds typed execute, stream and async operations per skill; the plain document stays without them', async () => {
    const plain = (await documentOf({})).document;
    const expanded = (await documentOf({}, '?skills=expand')).document;
    const plainPaths = Object.keys(plain['paths'] as Json);
    const skillIds = [...service.runtime.registry.skills.keys()].sort();
    expect(plainPaths.some((path) => skillIds.some((id) => path.includes(id)))).toBe(false);
    const expandedPaths = Object.keys(expanded['paths'] as Json);
    for (const id of skillIds) {
      for (const suffix of ['execute', 'execute/stream', 'execute/async']) expect(expandedPaths).toContain(`/v1/skills/${encodeURIComponent(id)}/${suffix}`);
    }
    const sum = ((expanded['paths'] as Record<string, Record<string, Operation>>)['/v1/skills/math.sum/execute'] ?? {})['post'];
    expect(sum?.['operationId']).toBe('execute_math_sum');
    const schemas = (expanded['components'] as { schemas: Record<string, Json> }).schemas;
    expect(schemas['skill.math.sum.Inputs']).toEqual({
      type: 'object',
      description: 'Inputs of math.sum',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
    expect(schemas['skill.math.sum.ExecuteRequest']).toMatchObject({ properties: { inputs: { $ref: '#/components/schemas/skill.math.sum.Inputs' } } });
    expect(schemas['skill.math.sum.Result']).toMatchObject({ properties: { outputs: { $ref: '#/components/schemas/skill.math.sum.Outputs' } } });
    expect(JSON.stringify(plain).length).toBeLessThan(JSON.stringify(expanded).length);
  });

  it('its request examples are accepted by the server (no 400)', async () => {
    const { server, document } = await documentOf({}, '?skills=expand');
    for (const [path, method, operation] of operations(document)) {
      if (!/^\/v1\/skills\/[^{}]+\/execute$/.test(path) || method !== 'post') continue;
      const example = operation.requestBody?.content['application/json']?.example;
      const response = await request(server.app).post(path).send(example as object);
      expect({ path, status: response.status === 400 ? response.body : 'accepted' }).toEqual({ path, status: 'accepted' });
    }
  });

  it('refuses another value of skills with 400', async () => {
    const server = testApp(service);
    const response = await request(server.app).get('/openapi.json?skills=all').expect(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_request', details: [{ path: 'skills' }] });
  });
});
