import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import type { ServerApp } from './app.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { openTestService, testApp } from './testing/test-server.js';

jest.setTimeout(30_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

let service: SkillService;
let server: ServerApp;

beforeAll(async () => {
  service = await openTestService();
  server = testApp(service);
});

afterAll(async () => {
  await service.close();
});

function expectSecurityHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()]).toBe(value);
  expect(headers['x-powered-by']).toBeUndefined();
}

/** Nothing internal in an answer: no stack frame, no absolute path of this checkout. */
function expectNoInternals(body: unknown): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toContain(process.cwd());
  expect(text).not.toMatch(/\/(work|home|tmp|usr)\//);
}

describe('GET /v1/health', () => {
  it('answers status, version and uptime with the security headers and a trace id', async () => {
    const response = await request(server.app).get('/v1/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', version: '9.9.9-test', uptime_seconds: expect.any(Number) });
    expectSecurityHeaders(response.headers);
    expect(response.headers['x-trace-id']).toMatch(UUID);
  });

  it('checks every subsystem with deep=true', async () => {
    const response = await request(server.app).get('/v1/health?deep=true').expect(200);
    expect(response.body.status).toBe('ok');
    expect(Object.keys(response.body.checks).sort()).toEqual(['mcp_servers', 'providers', 'python_workers', 'registry', 'runs', 'webhooks']);
    expect(response.body.checks.registry).toMatchObject({ status: 'ok', critical: true, skills: 5, capabilities: 4, errors: 0 });
    expect(response.body.checks.runs).toMatchObject({ status: 'ok', critical: true, workers: 4, capacity: 100 });
    expect(response.body.checks.python_workers).toMatchObject({ status: 'ok', critical: false, pool_size: 4 });
    expectNoInternals(response.body);
  });

  it('answers 503 unhealthy when a critical subsystem failed', async () => {
    const closed = await openTestService();
    await closed.close();
    const response = await request(testApp(closed).app).get('/v1/health?deep=true').expect(503);
    expect(response.body).toMatchObject({ status: 'unhealthy', checks: { runs: { status: 'failed', critical: true, closed: true } } });
  });

  it('treats any other deep value as plain health', async () => {
    const response = await request(server.app).get('/v1/health?deep=1').expect(200);
    expect(response.body.checks).toBeUndefined();
  });
});

describe('GET /v1/skills/list', () => {
  const ids = (body: { skills: Array<{ id: string }> }): string[] => body.skills.map((skill) => skill.id);

  it('lists every valid skill sorted by id with pagination', async () => {
    const { body } = await request(server.app).get('/v1/skills/list').expect(200);
    expect(ids(body)).toEqual(['math.sum', 'test.wait', 'text.old-shout', 'text.shout', 'text.shout-then-fail']);
    expect(body.pagination).toEqual({ offset: 0, limit: 20, total: 5, has_more: false });
    expect(body.skills.find((skill: { id: string }) => skill.id === 'text.shout')).toEqual({
      id: 'text.shout',
      name: 'Shout',
      description: 'Upper-case a text.',
      version: '1.2.0',
      domain: 'text',
      channel: 'official',
      status: 'stable',
      role: 'procedure',
      invocation: 'direct',
      effect_mode: 'read_only',
      tags: ['text', 'demo'],
    });
  });

  it.each([
    ['domain=text', ['text.old-shout', 'text.shout', 'text.shout-then-fail']],
    ['status=stable', ['math.sum', 'text.shout']],
    ['role=utility', ['math.sum', 'text.old-shout']],
    ['invocation=both', ['text.old-shout']],
    ['domain=text&status=experimental', ['text.shout-then-fail']],
    ['domain=nope', []],
    ['domain=math&domain=text', ['math.sum']],
  ])('filters with %s', async (query, expected) => {
    const { body } = await request(server.app).get(`/v1/skills/list?${query}`).expect(200);
    expect(ids(body)).toEqual(expected);
  });

  it('pages with offset and limit, giving next_offset while there is more', async () => {
    const { body } = await request(server.app).get('/v1/skills/list?offset=1&limit=2').expect(200);
    expect(ids(body)).toEqual(['test.wait', 'text.old-shout']);
    expect(body.pagination).toEqual({ offset: 1, limit: 2, total: 5, has_more: true, next_offset: 3 });
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1'])('answers 400 for %s', async (query) => {
    const { body } = await request(server.app).get(`/v1/skills/list?${query}`).expect(400);
    expect(body.error).toMatchObject({ code: 'invalid_request', type: 'InvalidRequestError' });
    expect(body.error.details[0].path).toBe(query.split('=')[0]);
  });
});

describe('GET /v1/skills/{skill_id}/describe', () => {
  it('describes the interface, the steps and the lifecycle', async () => {
    const { body } = await request(server.app).get('/v1/skills/text.shout/describe').expect(200);
    expect(body).toEqual({
      id: 'text.shout',
      version: '1.2.0',
      name: 'Shout',
      description: 'Upper-case a text.',
      inputs: {
        text: { type: 'string', required: true, description: 'The text to shout', default: null },
        suffix: { type: 'string', required: false, description: null, default: '!' },
      },
      outputs: { text: { type: 'string', required: true, description: null, default: null } },
      steps: [{ id: 'upper', uses: 'text.upper', input: { text: 'inputs.text' }, output: { text: 'outputs.text' } }],
      deprecated: false,
      replacement: null,
      classification: { role: 'procedure', invocation: 'direct', effect_mode: 'read_only' },
      tags: ['text', 'demo'],
      status: 'stable',
      examples: [],
    });
  });

  it('reports deprecation and the replacement', async () => {
    const { body } = await request(server.app).get('/v1/skills/text.old-shout/describe').expect(200);
    expect(body).toMatchObject({ deprecated: true, replacement: 'text.shout', status: 'deprecated' });
  });

  it('answers 404 for an unknown skill, with the trace id', async () => {
    const response = await request(server.app).get('/v1/skills/no.such/describe').expect(404);
    expect(response.body).toEqual({
      error: { code: 'not_found', message: "Skill 'no.such' not found", type: 'NotFoundError' },
      trace_id: response.headers['x-trace-id'],
    });
    expectSecurityHeaders(response.headers);
  });
});

describe('POST /v1/skills/{skill_id}/execute', () => {
  it('answers the execution result with the trace id of the x-trace-id header', async () => {
    const response = await request(server.app).post('/v1/skills/text.shout/execute').send({ inputs: { text: 'hi' } }).expect(200);
    expect(response.body).toEqual({ skill_id: 'text.shout', status: 'completed', outputs: { text: 'HI' }, trace_id: response.headers['x-trace-id'] });
  });

  it('adds the events with include_trace', async () => {
    const { body } = await request(server.app)
      .post('/v1/skills/math.sum/execute')
      .send({ inputs: { a: 2, b: 3 }, include_trace: true, audit_mode: 'off', required_conformance_profile: 'experimental' })
      .expect(200);
    expect(body.outputs).toEqual({ sum: 5 });
    expect(body.events.map((event: { type: string }) => event.type)).toEqual(['skill_start', 'step_start', 'step_completed', 'skill_completed']);
  });

  it('answers a failed run with its real status, naming the failed step, and no internals', async () => {
    const response = await request(server.app).post('/v1/skills/text.shout-then-fail/execute').send({ inputs: { text: 'boom' } }).expect(502);
    expect(response.body.error).toMatchObject({ code: 'upstream_failure', type: 'UpstreamFailureError' });
    expect(response.body.error.message).toContain("Step 'explode' failed");
    expect(response.body.trace_id).toBe(response.headers['x-trace-id']);
    expect(response.body.events).toBeUndefined();
    expectNoInternals(response.body);
    expectSecurityHeaders(response.headers);
  });

  it('adds the events of a failed run with include_trace', async () => {
    const { body } = await request(server.app)
      .post('/v1/skills/text.shout-then-fail/execute')
      .send({ inputs: { text: 'boom' }, include_trace: true })
      .expect(502);
    const types = body.events.map((event: { type: string }) => event.type);
    expect(types).toContain('step_failed');
    expect(body.events.find((event: { type: string }) => event.type === 'step_failed').step_id).toBe('explode');
  });

  it.each([
    ['an unknown skill', '/v1/skills/no.such/execute', { inputs: {} }, 404, 'not_found'],
    ['a missing required input', '/v1/skills/text.shout/execute', { inputs: {} }, 400, 'invalid_request'],
    ['an input of the wrong type', '/v1/skills/text.shout/execute', { inputs: { text: 3 } }, 400, 'invalid_request'],
    ['no inputs', '/v1/skills/text.shout/execute', {}, 400, 'invalid_request'],
    ['an unknown audit mode', '/v1/skills/text.shout/execute', { inputs: { text: 'a' }, audit_mode: 'loud' }, 400, 'invalid_request'],
    ['an unknown profile', '/v1/skills/text.shout/execute', { inputs: { text: 'a' }, required_conformance_profile: 'gold' }, 400, 'invalid_request'],
    ['include_trace not boolean', '/v1/skills/text.shout/execute', { inputs: { text: 'a' }, include_trace: 'yes' }, 400, 'invalid_request'],
    ['a JSON array body', '/v1/skills/text.shout/execute', [1], 400, 'invalid_request'],
  ])('answers %s with its status', async (_what, path, body, status, code) => {
    const response = await request(server.app).post(path).send(body as object).expect(status);
    expect(response.body.error.code).toBe(code);
    expect(response.body.trace_id).toBe(response.headers['x-trace-id']);
  });

  it('lists every bad input field in details', async () => {
    const { body } = await request(server.app).post('/v1/skills/math.sum/execute').send({ inputs: { a: 'x', c: 1 } }).expect(400);
    expect(body.error.details.map((problem: { path: string }) => problem.path).sort()).toEqual(['inputs.a', 'inputs.b', 'inputs.c']);
  });
});

describe('capabilities', () => {
  it('executes a capability directly', async () => {
    const response = await request(server.app).post('/v1/capabilities/text.upper/execute').send({ inputs: { text: 'cap' } }).expect(200);
    expect(response.body).toMatchObject({ capability_id: 'text.upper', outputs: { text: 'CAP' }, trace_id: response.headers['x-trace-id'] });
    expect(response.body.meta).toMatchObject({ binding_id: 'python_text_upper', fallback_used: false });
  });

  it('answers 404 for an unknown capability and 400 for a bad input', async () => {
    await request(server.app).post('/v1/capabilities/no.such/execute').send({ inputs: {} }).expect(404);
    const { body } = await request(server.app).post('/v1/capabilities/text.upper/execute').send({ inputs: { text: 1 } }).expect(400);
    expect(body.error.code).toBe('invalid_request');
  });

  it('explains the resolution plan, with or without a body', async () => {
    const { body } = await request(server.app).post('/v1/capabilities/text.upper/explain').expect(200);
    expect(body).toMatchObject({
      capability_id: 'text.upper',
      primary_binding_id: 'python_text_upper',
      chain: [{ binding_id: 'python_text_upper', protocol: 'pythoncall', eligible: true }],
    });
    const strict = await request(server.app)
      .post('/v1/capabilities/text.upper/explain')
      .send({ required_conformance_profile: 'strict' })
      .expect(200);
    expect(strict.body.required_conformance_profile).toBe('strict');
    expect(strict.body.chain[0].eligible).toBe(false);
  });

  it('answers explain errors: 404 unknown, 400 bad profile', async () => {
    await request(server.app).post('/v1/capabilities/no.such/explain').send({}).expect(404);
    await request(server.app).post('/v1/capabilities/text.upper/explain').send({ required_conformance_profile: 'gold' }).expect(400);
  });
});

describe('transport rules', () => {
  it('answers an unknown route 404 with the error payload', async () => {
    const response = await request(server.app).get('/v1/nothing/here').expect(404);
    expect(response.body).toEqual({
      error: { code: 'not_found', message: 'Route not found', type: 'NotFoundError', hint: 'GET /openapi.json lists every route of this service' },
      trace_id: response.headers['x-trace-id'],
    });
    expectSecurityHeaders(response.headers);
  });

  it.each([
    ['/v1/skills/list?domian=text', 'domian', "did you mean 'domain'?"],
    ['/v1/runs?limt=5', 'limt', "did you mean 'limit'?"],
    ['/v1/health?Deep=true', 'Deep', "did you mean 'deep'?"],
    ['/v1/skills/list?colour=red', 'colour', 'is not a parameter of this route'],
    ['/v1/skills/text.shout/describe?verbose=1', 'verbose', 'is not a parameter of this route'],
  ])('refuses the unknown query parameter of %s with 400 naming it', async (path, name, message) => {
    const response = await request(server.app).get(path).expect(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_request', details: [{ path: `query.${name}`, message: expect.stringContaining(message) }] });
    expect(response.body.error.message).toContain(name);
  });

  it('still takes the declared query parameters', async () => {
    await request(server.app).get('/v1/skills/list?domain=text&limit=5').expect(200);
    await request(server.app).get('/v1/health?deep=true').expect(200);
  });

  it.each(['/v1/skills/text.shout/execute', '/v1/skills/text.shout/execute/async', '/v1/skills/text.shout/execute/stream', '/v1/capabilities/text.upper/execute'])(
    'answers %s with a body missing its inputs wrapper: 400 with a hint to wrap it',
    async (path) => {
      const response = await request(server.app).post(path).send({ text: 'hello' }).expect(400);
      expect(response.body.error).toMatchObject({
        code: 'invalid_request',
        details: [expect.objectContaining({ path: 'inputs' })],
        hint: 'Wrap the inputs in an "inputs" object: {"inputs": {"text": …}}',
      });
    },
  );

  it('answers TRACE on a known path with 405 and Allow', async () => {
    const response = await request(server.app).trace('/v1/skills/list').expect(405);
    expect(response.headers['allow']).toBe('GET, HEAD');
  });

  it.each([
    ['delete', '/v1/health', 'GET, HEAD'],
    ['post', '/v1/skills/list', 'GET, HEAD'],
    ['get', '/v1/skills/text.shout/execute', 'POST'],
    ['put', '/v1/runs/abc', 'GET, HEAD'],
    ['patch', '/v1/capabilities/text.upper/explain', 'POST'],
  ] as const)('answers %s %s with 405 and Allow', async (method, path, allow) => {
    const response = await request(server.app)[method](path).expect(405);
    expect(response.headers['allow']).toBe(allow);
    expect(response.body.error).toMatchObject({ code: 'method_not_allowed', type: 'MethodNotAllowedError' });
    expectSecurityHeaders(response.headers);
  });

  it('answers a body over the limit with 413', async () => {
    const small = testApp(service, { bodyLimitBytes: 256 });
    const response = await request(small.app).post('/v1/skills/text.shout/execute').send({ inputs: { text: 'x'.repeat(1000) } }).expect(413);
    expect(response.body.error).toMatchObject({ code: 'payload_too_large', message: 'The request body is larger than 256 bytes' });
    expect(response.body.trace_id).toBe(response.headers['x-trace-id']);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await request(server.app)
      .post('/v1/skills/text.shout/execute')
      .set('Content-Type', 'application/json')
      .send('{"inputs": ')
      .expect(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_request', message: 'The request body is not valid JSON' });
    expectNoInternals(response.body);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded'])('answers a %s body with 415', async (type) => {
    const response = await request(server.app).post('/v1/skills/text.shout/execute').set('Content-Type', type).send('inputs=1').expect(415);
    expect(response.body.error).toMatchObject({ code: 'unsupported_media_type', type: 'UnsupportedMediaTypeError' });
  });

  it('accepts a +json media type and a Content-Type on GET (the TS SDK sends one)', async () => {
    await request(server.app)
      .post('/v1/skills/text.shout/execute')
      .set('Content-Type', 'application/vnd.api+json')
      .send(JSON.stringify({ inputs: { text: 'v' } }))
      .expect(200);
    await request(server.app).get('/v1/skills/list').set('Content-Type', 'application/json').expect(200);
  });

  it('answers a malformed percent-encoding in a path 400', async () => {
    const { body } = await request(server.app).get('/v1/skills/%E0%A4%A/describe').expect(400);
    expect(body.error.code).toBe('invalid_request');
  });
});

describe('trace ids', () => {
  const execute = () => request(server.app).post('/v1/skills/text.shout/execute');

  it('takes the x-trace-id header over the body and traceparent', async () => {
    const response = await execute().set('x-trace-id', 'from-header').set('traceparent', TRACEPARENT).send({ inputs: { text: 'a' }, trace_id: 'from-body' }).expect(200);
    expect(response.headers['x-trace-id']).toBe('from-header');
    expect(response.body.trace_id).toBe('from-header');
  });

  it('takes the body trace_id over traceparent', async () => {
    const response = await execute().set('traceparent', TRACEPARENT).send({ inputs: { text: 'a' }, trace_id: 'from-body' }).expect(200);
    expect(response.headers['x-trace-id']).toBe('from-body');
    expect(response.body.trace_id).toBe('from-body');
  });

  it("takes traceparent's trace id when nothing else names one", async () => {
    const response = await execute().set('traceparent', TRACEPARENT).send({ inputs: { text: 'a' } }).expect(200);
    expect(response.body.trace_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it.each(['garbage', '00-00000000000000000000000000000000-00f067aa0ba902b7-01', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'])('ignores an invalid traceparent (%s)', async (header) => {
    const response = await execute().set('traceparent', header).send({ inputs: { text: 'a' } }).expect(200);
    expect(response.body.trace_id).toMatch(UUID);
  });

  it('generates a UUID when none is given, and echoes it on errors too', async () => {
    const response = await request(server.app).get('/v1/skills/no.such/describe').expect(404);
    expect(response.headers['x-trace-id']).toMatch(UUID);
    expect(response.body.trace_id).toBe(response.headers['x-trace-id']);
  });

  it('answers an invalid x-trace-id with 400 under a fresh id', async () => {
    const response = await request(server.app).get('/v1/health').set('x-trace-id', 'has space').expect(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(response.body.trace_id).toMatch(UUID);
    expect(response.headers['x-trace-id']).toBe(response.body.trace_id);
  });

  it('answers an invalid body trace_id with 400', async () => {
    const { body } = await execute().send({ inputs: { text: 'a' }, trace_id: 'a b' }).expect(400);
    expect(body.error.details[0].path).toBe('trace_id');
  });
});
