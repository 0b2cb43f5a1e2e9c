import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import type { ServerApp } from './app.js';
import { accessFrom } from './testing/test-access.js';
import { openTestService, testApp } from './testing/test-server.js';

jest.setTimeout(30_000);

type Json = Record<string, unknown>;

let service: SkillService;
let server: ServerApp;
let document: Json;

beforeAll(async () => {
  service = await openTestService();
  server = testApp(service);
  document = (await request(server.app).get('/openapi.json').expect(200)).body as Json;
});

afterAll(async () => {
  await service.close();
});

const paths = (): Record<string, Record<string, Json>> => document['paths'] as Record<string, Record<string, Json>>;
const schemas = (): Record<string, Json> => (document['components'] as { schemas: Record<string, Json> }).schemas;

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === '$ref' && typeof item === 'string' ? [item] : refsIn(item)));
}

const jsonSchemaOf = (operation: Json, status: string, type = 'application/json'): unknown =>
  ((operation['responses'] as Record<string, { content: Record<string, { schema: unknown }> }>)[status]?.content[type]?.schema);

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 describing every route of the server', () => {
    expect(document['openapi']).toBe('3.1.0');
    expect((document['info'] as Json)['version']).toBe('9.9.9-test');
    const operations = Object.entries(paths()).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        'GET /docs',
        'GET /docs/redoc.standalone.js',
        'GET /openapi.json',
        'GET /v1/health',
        'GET /v1/runs',
        'GET /v1/runs/{run_id}',
        'GET /v1/runs/{run_id}/events',
        'GET /v1/skills/list',
        'GET /v1/skills/{skill_id}/describe',
        'GET /v1/skills/governance',
        'GET /v1/skills/diagnostics',
        'POST /v1/skills/discover',
        'POST /v1/skills/{skill_id}/attach',
        'POST /v1/capabilities/{capability_id}/execute',
        'POST /v1/capabilities/{capability_id}/explain',
        'POST /v1/skills/{skill_id}/execute',
        'POST /v1/skills/{skill_id}/execute/async',
        'POST /v1/skills/{skill_id}/execute/stream',
        'POST /v1/webhooks',
        'GET /v1/webhooks',
        'DELETE /v1/webhooks/{webhook_id}',
        'GET /v1/webhooks/dead-letters',
        'POST /v1/webhooks/dead-letters/{dead_letter_id}/replay',
        'GET /v1/metrics',
        'GET /v1/metrics/prometheus',
        'POST /v1/runs/{run_id}/cancel',
      ].sort(),
    );
  });

  it('references only components that exist', () => {
    const missing = refsIn(document).filter((ref) => !(ref.replace('#/components/schemas/', '') in schemas()));
    expect(missing).toEqual([]);
    expect(refsIn(document).every((ref) => ref.startsWith('#/components/schemas/'))).toBe(true);
  });

  it('gives each operation its request and response schemas from the contracts', () => {
    const execute = paths()['/v1/skills/{skill_id}/execute']?.['post'] as Json;
    expect((execute['requestBody'] as { content: Record<string, { schema: unknown }> }).content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/SkillExecuteRequest',
    });
    expect(jsonSchemaOf(execute, '200')).toEqual({ $ref: '#/components/schemas/ExecutionResult' });
    expect(jsonSchemaOf(execute, '404')).toEqual({ $ref: '#/components/schemas/ErrorPayload' });
    expect(jsonSchemaOf(execute, '413')).toEqual({ $ref: '#/components/schemas/ErrorPayload' });
    expect(jsonSchemaOf(paths()['/v1/skills/{skill_id}/execute/async']?.['post'] as Json, '202')).toEqual({ $ref: '#/components/schemas/RunLaunch' });
    expect(jsonSchemaOf(paths()['/v1/runs/{run_id}']?.['get'] as Json, '200')).toEqual({ $ref: '#/components/schemas/RunRecord' });
    expect(jsonSchemaOf(paths()['/v1/skills/list']?.['get'] as Json, '200')).toEqual({ $ref: '#/components/schemas/SkillList' });
    expect(schemas()['SkillExecuteRequest']).toMatchObject({
      type: 'object',
      required: ['inputs'],
      properties: { audit_mode: { $ref: '#/components/schemas/AuditMode' } },
    });
    expect(schemas()['RunRecord']).toMatchObject({ properties: { status: { $ref: '#/components/schemas/RunStatus' } } });
  });

  it('documents query parameters with their bounds and path parameters', () => {
    const list = paths()['/v1/skills/list']?.['get'] as { parameters: Json[] };
    expect(list.parameters.find((parameter) => parameter['name'] === 'limit')).toEqual({
      name: 'limit',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    });
    const run = paths()['/v1/runs/{run_id}']?.['get'] as { parameters: Json[] };
    expect(run.parameters).toEqual([{ name: 'run_id', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('describes the SSE events, done included', () => {
    const stream = paths()['/v1/skills/{skill_id}/execute/stream']?.['post'] as Json;
    expect(jsonSchemaOf(stream, '200', 'text/event-stream')).toEqual({ $ref: '#/components/schemas/StreamFrame' });
    const frames = (schemas()['StreamFrame'] as { anyOf: Array<{ properties: { event: Json } }> }).anyOf;
    const events = frames.flatMap((frame) => (frame.properties.event['const'] as string | undefined) ?? (frame.properties.event['enum'] as string[]));
    expect(events.sort()).toEqual(
      ['done', 'safety_gate_warning', 'skill_completed', 'skill_start', 'step_completed', 'step_degraded', 'step_failed', 'step_skipped', 'step_start'].sort(),
    );
  });

  it('declares the security schemes only when credentials are configured, and leaves health and this document public', async () => {
    // This document comes from an open server (no key, no RBAC): nothing to declare.
    expect((document['components'] as Json)['securitySchemes']).toBeUndefined();
    const guarded = testApp(service, { access: await accessFrom({ argv: ['--api-key', 'a-key-for-this-spec'] }) });
    const withKey = (await request(guarded.app).get('/openapi.json').expect(200)).body as Json;
    expect((withKey['components'] as Json)['securitySchemes']).toEqual({
      ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      BearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const keyed = withKey['paths'] as Record<string, Record<string, Json>>;
    expect(keyed['/v1/health']?.['get']?.['security']).toEqual([]);
    expect(keyed['/openapi.json']?.['get']?.['security']).toEqual([]);
    expect(keyed['/v1/runs']?.['get']).toMatchObject({ security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }], 'x-required-role': 'operator' });
  });
});
