// Every route fed what a client gets wrong: bad JSON, JSON that is not an object, wrong field types,
// unknown ids, hostile ids, other media types and methods. Each answer is a contract error (status,
// `{error, trace_id}`, security headers), and the server keeps serving after it. The route list comes
// from /openapi.json, so a route added later is covered by the generic tables without editing them.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { SECURITY_HEADERS } from './security-headers.js';
import { listen, openTestService, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(30_000);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Operation {
  readonly method: Method;
  /** OpenAPI-style, e.g. `/v1/runs/{run_id}`. */
  readonly template: string;
  /** With sample values for its parameters. */
  readonly path: string;
}
interface ErrorBody {
  error: { code: string; message: string; type: string; details?: Array<{ path: string; message: string }> };
  trace_id: string;
}

const service = await openTestService();
const { app } = testApp(service);
const small = testApp(service, { bodyLimitBytes: 256 }).app;
const listening = await listen(app);

// A real run, so GET /v1/runs/{run_id} has something to answer.
const runId = (await request(app).post('/v1/skills/math.sum/execute/async').send({ inputs: { a: 1, b: 2 } }).expect(202)).body.run_id as string;
await waitFor('the sample run to finish', async () => (await request(app).get(`/v1/runs/${runId}`)).body.status !== 'running');

const SAMPLES: Readonly<Record<string, string>> = { skill_id: 'text.shout', capability_id: 'text.upper', run_id: runId };
const document = (await request(app).get('/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
const OPERATIONS: Operation[] = Object.entries(document.paths).flatMap(([template, methods]) =>
  Object.keys(methods).map((method) => ({
    method: method as Method,
    template,
    path: template.replace(/\{([^}]+)\}/g, (_all, name: string) => SAMPLES[name] ?? 'sample'),
  })),
);
const POSTS = OPERATIONS.filter((operation) => operation.method === 'post');
const GETS = OPERATIONS.filter((operation) => operation.method === 'get');
const PATHS = [...new Set(OPERATIONS.map((operation) => operation.path))];

afterAll(async () => {
  await listening.close();
  await service.close();
});

function expectSecurityHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()]).toBe(value);
}

/** The contract's error answer: the status, the payload's exact keys, the echoed trace id, the headers. */
function expectContractError(response: request.Response, status: number, code: string): ErrorBody {
  expect({ status: response.status, code: (response.body as Partial<ErrorBody>).error?.code }).toEqual({ status, code });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.body as ErrorBody;
  expect(Object.keys(body).sort()).toEqual(['error', 'trace_id']);
  expect(body.error).toMatchObject({ code, message: expect.any(String), type: expect.stringMatching(/^[A-Z][A-Za-z]+$/) });
  expect(body.trace_id).toBe(response.headers['x-trace-id']);
  expectSecurityHeaders(response.headers);
  // Nothing internal: no stack frame, no path of this checkout.
  expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+|\/(work|home|tmp|usr)\//);
  return body;
}

async function expectServing(): Promise<void> {
  const response = await request(listening.url).get('/v1/health').timeout(3000);
  expect(response.status).toBe(200);
  expect(response.body.status).toBe('ok');
}

describe('the route table under test', () => {
  it('holds every route of the contract (the generic tables below run over it)', () => {
    const routes = OPERATIONS.map((operation) => `${operation.method.toUpperCase()} ${operation.template}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /v1/health',
        'GET /openapi.json',
        'GET /v1/skills/list',
        'GET /v1/skills/{skill_id}/describe',
        'POST /v1/skills/{skill_id}/execute',
        'POST /v1/skills/{skill_id}/execute/stream',
        'POST /v1/skills/{skill_id}/execute/async',
        'POST /v1/capabilities/{capability_id}/execute',
        'POST /v1/capabilities/{capability_id}/explain',
        'GET /v1/runs',
        'GET /v1/runs/{run_id}',
      ]),
    );
  });
});

describe('every POST route × every bad body', () => {
  type Refusal = 'not JSON' | 'not an object' | 'not JSON media';
  const bodies: Array<[string, string, string, Refusal]> = [
    // what, Content-Type, raw body, why it is refused
    ['truncated JSON', 'application/json', '{"inputs": ', 'not JSON'],
    ['a trailing comma', 'application/json', '{"inputs": {},}', 'not JSON'],
    ['single quotes', 'application/json', "{'inputs': {}}", 'not JSON'],
    ['NaN', 'application/json', '{"inputs": {"a": NaN}}', 'not JSON'],
    ['trailing garbage', 'application/json', '{"inputs": {}} x', 'not JSON'],
    ['two documents', 'application/json', '{}{}', 'not JSON'],
    ['a JSON array', 'application/json', '[{"inputs": {}}]', 'not an object'],
    ['an empty JSON array', 'application/json', '[]', 'not an object'],
    ['JSON null', 'application/json', 'null', 'not an object'],
    ['a JSON string', 'application/json', '"inputs"', 'not an object'],
    ['a JSON number', 'application/json', '42', 'not an object'],
    ['JSON true', 'application/json', 'true', 'not an object'],
    ['text/plain', 'text/plain', '{"inputs": {}}', 'not JSON media'],
    ['a form', 'application/x-www-form-urlencoded', 'inputs=1', 'not JSON media'],
    ['XML', 'application/xml', '<inputs/>', 'not JSON media'],
    ['multipart', 'multipart/form-data; boundary=x', '--x--', 'not JSON media'],
    ['a latin-1 charset', 'application/json; charset=iso-8859-1', '{}', 'not JSON media'],
  ];
  const table = POSTS.flatMap((operation) => bodies.map(([what, type, body, refusal]) => [operation.path, what, type, body, refusal] as const));

  it.each(table)('POST %s with %s', async (path, _what, type, body, refusal) => {
    const response = await request(app).post(path).set('Content-Type', type).send(body);
    if (refusal === 'not JSON media') {
      expectContractError(response, 415, 'unsupported_media_type');
      return;
    }
    const error = expectContractError(response, 400, 'invalid_request');
    // Unparsable: one fixed message. Parsed but not an object: the schema names the whole body.
    if (refusal === 'not JSON') expect(error.error.message).toBe('The request body is not valid JSON');
    else expect(error.error.details?.[0]?.path).toBe('(body)');
  });

  it.each(POSTS.map((operation) => operation.path))('POST %s with a body over the limit answers 413', async (path) => {
    const response = await request(small).post(path).send({ inputs: { text: 'x'.repeat(1000) } });
    const error = expectContractError(response, 413, 'payload_too_large');
    expect(error.error.message).toBe('The request body is larger than 256 bytes');
    expect(response.headers['connection']).toBe('close');
  });

  it.each(POSTS.map((operation) => operation.path))('POST %s with an unknown Content-Encoding answers 415', async (path) => {
    const response = await request(app).post(path).set('Content-Type', 'application/json').set('Content-Encoding', 'x-unknown').send('{}');
    expectContractError(response, 415, 'unsupported_media_type');
  });

  it.each(POSTS.map((operation) => operation.path))('POST %s with bad JSON answers before anything runs; the server keeps serving', async (path) => {
    const response = await request(listening.url).post(path).set('Content-Type', 'application/json').send('{"inputs": ');
    expectContractError(response, 400, 'invalid_request');
    await expectServing();
  });
});

describe('wrong field types', () => {
  const EXECUTE = { inputs: { text: 'a' } };
  const common: Array<[string, Record<string, unknown>, string]> = [
    ['inputs as a string', { inputs: 'text' }, 'inputs'],
    ['inputs as an array', { inputs: ['a'] }, 'inputs'],
    ['inputs as null', { inputs: null }, 'inputs'],
    ['inputs as a number', { inputs: 5 }, 'inputs'],
    ['no inputs', {}, 'inputs'],
    ['a numeric trace_id', { ...EXECUTE, trace_id: 5 }, 'trace_id'],
    ['an empty trace_id', { ...EXECUTE, trace_id: '' }, 'trace_id'],
    ['a trace_id with a space', { ...EXECUTE, trace_id: 'a b' }, 'trace_id'],
    ['a trace_id of 129 characters', { ...EXECUTE, trace_id: 'x'.repeat(129) }, 'trace_id'],
    ['a boolean conformance profile', { ...EXECUTE, required_conformance_profile: true }, 'required_conformance_profile'],
    ['an unknown conformance profile', { ...EXECUTE, required_conformance_profile: 'gold' }, 'required_conformance_profile'],
    ['confirmed_capabilities as a string', { ...EXECUTE, confirmed_capabilities: 'text.upper' }, 'confirmed_capabilities'],
    ['confirmed_capabilities holding a number', { ...EXECUTE, confirmed_capabilities: [1] }, 'confirmed_capabilities'],
    ['an input of the wrong type', { inputs: { text: 5 } }, 'inputs.text'],
  ];
  const skillOnly: Array<[string, Record<string, unknown>, string]> = [
    ['a numeric audit_mode', { ...EXECUTE, audit_mode: 1 }, 'audit_mode'],
    ['an unknown audit_mode', { ...EXECUTE, audit_mode: 'loud' }, 'audit_mode'],
    ['a missing required input', { inputs: {} }, 'inputs.text'],
    // (A capability leaves undeclared inputs to its provider, which refuses them in its own words.)
    ['an undeclared input', { inputs: { text: 'a', loud: true } }, 'inputs.loud'],
  ];
  const table: Array<[string, string, Record<string, unknown>, string]> = [
    ...['/v1/skills/text.shout/execute', '/v1/skills/text.shout/execute/stream', '/v1/skills/text.shout/execute/async'].flatMap((path) =>
      [...common, ...skillOnly].map(([what, body, field]) => [path, what, body, field] as [string, string, Record<string, unknown>, string]),
    ),
    ['/v1/skills/text.shout/execute', 'a string include_trace', { ...EXECUTE, include_trace: 'yes' }, 'include_trace'],
    ['/v1/skills/text.shout/execute', 'a numeric include_trace', { ...EXECUTE, include_trace: 1 }, 'include_trace'],
    ...common.map(([what, body, field]) => ['/v1/capabilities/text.upper/execute', what, body, field] as [string, string, Record<string, unknown>, string]),
    ['/v1/capabilities/text.upper/explain', 'a numeric conformance profile', { required_conformance_profile: 5 }, 'required_conformance_profile'],
    ['/v1/capabilities/text.upper/explain', 'an unknown conformance profile', { required_conformance_profile: 'gold' }, 'required_conformance_profile'],
  ];

  it.each(table)('POST %s with %s answers 400 naming the field', async (path, _what, body, field) => {
    const response = await request(app).post(path).send(body);
    const error = expectContractError(response, 400, 'invalid_request');
    expect(error.error.details?.map((problem) => problem.path)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}(\\.|$)`))]));
  });

  it('never starts a run for a refused async request', async () => {
    const before = (await request(app).get('/v1/runs').expect(200)).body.runs.length as number;
    for (const [what, body] of [...common, ...skillOnly]) {
      const response = await request(app).post('/v1/skills/text.shout/execute/async').send(body);
      expect([what, response.status]).toEqual([what, 400]);
    }
    expect((await request(app).get('/v1/runs').expect(200)).body.runs).toHaveLength(before);
  });
});

describe('hostile JSON', () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  it.each([
    ['a prototype key supplying a required input', '/v1/skills/math.sum/execute', '{"inputs": {"a": 1, "__proto__": {"b": 2}}}', 'inputs.b'],
    ['a prototype key at the top supplying inputs', '/v1/skills/text.shout/execute', '{"__proto__": {"inputs": {"text": "x"}}}', 'inputs'],
    ['a prototype key supplying a capability input', '/v1/capabilities/math.add/execute', '{"inputs": {"a": 1, "__proto__": {"b": 2}}}', 'inputs.b'],
    ['a constructor key', '/v1/skills/math.sum/execute', '{"inputs": {"a": 1, "b": 2, "constructor": {"prototype": {"x": 1}}}}', 'inputs.constructor'],
    ['100,000 nested arrays as an input', '/v1/skills/text.shout/execute', `{"inputs": {"text": ${deep}}}`, 'inputs.text'],
    ['100,000 nested arrays as an undeclared input', '/v1/skills/text.shout/execute', `{"inputs": {"text": "a", "deep": ${deep}}}`, 'inputs.deep'],
  ])('refuses %s with 400, polluting nothing', async (_what, path, body, field) => {
    const response = await request(listening.url).post(path).set('Content-Type', 'application/json').send(body);
    const error = expectContractError(response, 400, 'invalid_request');
    expect(error.error.details?.map((problem) => problem.path)).toContain(field);
    expect(({} as Record<string, unknown>)['b']).toBeUndefined();
    expect(({} as Record<string, unknown>)['inputs']).toBeUndefined();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    await expectServing();
  });

  it('answers a capability call whose inputs cannot reach the provider (100,000 nested arrays) with 400, not 500', async () => {
    const response = await request(listening.url).post('/v1/capabilities/text.upper/execute').set('Content-Type', 'application/json').send(`{"inputs": {"text": "a", "deep": ${deep}}}`);
    expectContractError(response, 400, 'invalid_request');
    await expectServing();
  });
});

describe('unknown skills and capabilities', () => {
  it.each([
    ['get', '/v1/skills/no.such/describe', undefined, "Skill 'no.such' not found"],
    ['post', '/v1/skills/no.such/execute', { inputs: {} }, "Skill 'no.such' not found"],
    ['post', '/v1/skills/no.such/execute/stream', { inputs: {} }, "Skill 'no.such' not found"],
    ['post', '/v1/skills/no.such/execute/async', { inputs: {} }, "Skill 'no.such' not found"],
    ['post', '/v1/capabilities/no.such/execute', { inputs: {} }, "Capability 'no.such' not found"],
    ['post', '/v1/capabilities/no.such/explain', {}, "Capability 'no.such' not found"],
    ['get', '/v1/runs/no-such-run', undefined, "Run 'no-such-run' not found"],
  ] as const)('%s %s answers 404 not_found', async (method, path, body, message) => {
    const response = method === 'get' ? await request(app).get(path) : await request(app).post(path).send(body);
    expect(expectContractError(response, 404, 'not_found').error).toEqual({ code: 'not_found', message, type: 'NotFoundError' });
  });
});

describe('every GET route with a JSON Content-Type (the TS SDK sends one on every request)', () => {
  const variants: Array<[string, Record<string, string>, string | undefined]> = [
    ['Content-Type: application/json', { 'Content-Type': 'application/json' }, undefined],
    ['Content-Type and a JSON body', { 'Content-Type': 'application/json' }, '{"inputs": {"text": "ignored"}}'],
    ['Content-Type and a body that is not JSON', { 'Content-Type': 'application/json' }, '{"inputs": '],
    ['a JSON body over the POST limit', { 'Content-Type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) })],
    ['Content-Type: text/plain and a body', { 'Content-Type': 'text/plain' }, 'hello'],
  ];
  const table = GETS.flatMap((operation) => variants.map(([what, headers, body]) => [operation.path, what, headers, body] as const));
  // Answers that change from one call to the next (uptime, counters): their bodies are not compared.
  const volatile = ['/v1/health', '/v1/metrics', '/v1/skills/diagnostics'];

  it.each(table)('GET %s with %s answers as without', async (path, _what, headers, body) => {
    const plain = await request(app).get(path);
    let call = request(listening.url).get(path).set(headers);
    if (body !== undefined) call = call.send(body);
    const response = await call;
    expect(response.status).toBe(plain.status);
    expect(response.headers['content-type']).toBe(plain.headers['content-type']);
    // The API description names the server the request reached (each of these is another port).
    const comparable = (body: unknown): unknown => (path === '/openapi.json' ? { ...(body as object), servers: undefined } : body);
    if (!volatile.some((prefix) => path.startsWith(prefix))) expect(comparable(response.body)).toEqual(comparable(plain.body));
  });

  it.each(GETS.filter((operation) => Object.keys(SAMPLES).some((name) => operation.template.includes(name)) || !operation.template.includes('{')).map((operation) => operation.path))(
    'GET %s with Content-Type: application/json answers 200',
    async (path) => {
      await request(app).get(path).set('Content-Type', 'application/json').expect(200);
    },
  );

  it('keeps the connection usable after a GET carrying a body', async () => {
    const agent = request.agent(listening.url);
    for (let i = 0; i < 3; i += 1) {
      await agent.get('/v1/skills/list').set('Content-Type', 'application/json').send('{"limit": 1}').expect(200);
      await agent.get('/v1/health').expect(200);
    }
  });
});

describe('methods and paths the server does not have', () => {
  const OTHER_METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];
  const table = PATHS.flatMap((path) => {
    const allowed = OPERATIONS.filter((operation) => operation.path === path).map((operation) => operation.method);
    const allow = [...allowed.map((method) => method.toUpperCase()), ...(allowed.includes('get') ? ['HEAD'] : [])].sort();
    return OTHER_METHODS.filter((method) => !allowed.includes(method)).map((method) => [method, path, allow] as const);
  });

  it.each(table)('%s %s answers 405 with Allow', async (method, path, allow) => {
    const response = await request(app)[method](path);
    expectContractError(response, 405, 'method_not_allowed');
    expect(String(response.headers['allow']).split(', ').sort()).toEqual(allow);
  });

  // A path that also answers GET (`/v1/webhooks`) answers HEAD with the GET handler.
  const postOnly = POSTS.filter((post) => !GETS.some((get) => get.path === post.path)).map((operation) => operation.path);
  it.each(postOnly)('HEAD %s answers 405 with Allow and no body', async (path) => {
    const response = await request(app).head(path);
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toContain('POST');
    expect(response.text ?? '').toBe('');
    expectSecurityHeaders(response.headers);
  });

  it.each([
    ['get', '/'],
    ['get', '/v1'],
    ['get', '/v1/'],
    ['get', '/v2/health'],
    ['get', '/v1/health/live'],
    ['get', '/v1/skills'],
    ['get', '/v1/skills/text.shout'],
    ['post', '/v1/skills/text.shout'],
    ['post', '/v1/skills/text.shout/execute/now'],
    ['get', '/v1/capabilities/text.upper'],
    ['get', '/v1/runs/a/b'],
    ['get', '/openapi.yaml'],
    ['get', '/v1/skills/../../etc/passwd'],
    ['put', '/nothing'],
    ['delete', '/v1/skills/text.shout/execute/stream/x'],
  ] as const)('%s %s answers 404 not_found', async (method, path) => {
    const response = await request(listening.url)[method](path);
    expect(expectContractError(response, 404, 'not_found').error.message).toBe('Route not found');
    await expectServing();
  });
});

describe('hostile ids in paths', () => {
  const ids: Array<[string, string, number, string]> = [
    // what, raw path segment, status, code
    ['an encoded traversal', '..%2F..%2Fetc', 404, 'not_found'],
    ['an encoded traversal to a file', '..%2F..%2F..%2Fetc%2Fpasswd', 404, 'not_found'],
    ['encoded dots', '%2e%2e', 404, 'not_found'],
    ['an encoded backslash traversal', '..%5C..%5Cwindows', 404, 'not_found'],
    ['an encoded slash', 'text%2Fshout', 404, 'not_found'],
    ['a check mark', '%E2%9C%93', 404, 'not_found'],
    ['an emoji', '%F0%9F%98%80', 404, 'not_found'],
    ['raw UTF-8 letters', encodeURIComponent('técnico'), 404, 'not_found'],
    ['a NUL byte', 'a%00b', 404, 'not_found'],
    ['an encoded CRLF', 'a%0D%0ASet-Cookie:%20x=1', 404, 'not_found'],
    ['a 2000-character id', 'a'.repeat(2000), 404, 'not_found'],
    ['a truncated percent-encoding', '%E0%A4%A', 400, 'invalid_request'],
    ['an invalid UTF-8 byte', '%FF', 400, 'invalid_request'],
    ['an overlong encoding of /', '%C0%AF', 400, 'invalid_request'],
    ['a lone percent sign', '50%', 400, 'invalid_request'],
  ];
  const routes: Array<[Method, (id: string) => string, Record<string, unknown> | undefined]> = [
    ['get', (id) => `/v1/skills/${id}/describe`, undefined],
    ['post', (id) => `/v1/skills/${id}/execute`, { inputs: { text: 'a' } }],
    ['post', (id) => `/v1/skills/${id}/execute/stream`, { inputs: { text: 'a' } }],
    ['post', (id) => `/v1/skills/${id}/execute/async`, { inputs: { text: 'a' } }],
    ['post', (id) => `/v1/capabilities/${id}/execute`, { inputs: { text: 'a' } }],
    ['post', (id) => `/v1/capabilities/${id}/explain`, {}],
    ['get', (id) => `/v1/runs/${id}`, undefined],
  ];
  const table = routes.flatMap(([method, path, body]) => ids.map(([what, id, status, code]) => [method, path(id).slice(0, 80), what, path(id), body, status, code] as const));

  it.each(table)('%s %s (%s) answers a contract error; the server keeps serving', async (method, _shown, _what, path, body, status, code) => {
    const call = request(listening.url)[method](path);
    const response = body === undefined ? await call : await call.send(body);
    const error = expectContractError(response, status, code);
    if (status === 400) expect(error.error.message).toBe('Malformed request');
    // Nothing leaks into the headers from the id.
    expect(response.headers['set-cookie']).toBeUndefined();
    await expectServing();
  });

  it('never creates a run for a hostile id', async () => {
    const listed = (await request(app).get('/v1/runs?limit=1000').expect(200)).body.runs as Array<{ skill_id: string }>;
    expect(listed.every((run) => run.skill_id === 'math.sum' || run.skill_id === 'text.shout')).toBe(true);
  });
});
