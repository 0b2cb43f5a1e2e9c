// Authentication and authorization over the whole HTTP surface: the contract's route → role
// table for every role, both modes, JWTs, anonymous access, plugin backends and bad credentials.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CONTRACT_ROUTE_ROLES, WWW_AUTHENTICATE } from '@skill-service/auth';
import { ROLES, roleAtLeast, type Role } from '@skill-service/contracts';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import type { AccessControl } from './access-control.js';
import type { ServerApp } from './app.js';
import type { RouteDefinition } from './route-definition.js';
import { JWT_SECRET, RBAC_WITH_KEYS, ROLE_KEYS, jwt, nowSeconds, rawRequest } from './testing/auth-fixtures.js';
import { accessFrom } from './testing/test-access.js';
import { listen, openTestService, testApp, type Listening } from './testing/test-server.js';

jest.setTimeout(60_000);

let service: SkillService;

beforeAll(async () => {
  service = await openTestService();
});

afterAll(async () => {
  await service.close();
});

async function appWith(setup: Parameters<typeof accessFrom>[0]): Promise<{ app: ServerApp['app']; access: AccessControl }> {
  const access = await accessFrom(setup);
  return { app: testApp(service, { access }).app, access };
}

const AUTH_FAILURE = { code: 'unauthorized', message: 'Authentication required.', type: 'AuthenticationError' };

/** Concrete values for the table's path parameters. */
const SAMPLE_PARAMS: Readonly<Record<string, string>> = {
  skill_id: 'text.shout',
  capability_id: 'text.upper',
  run_id: 'no-such-run',
  webhook_id: 'no-such-webhook',
};

const BODIES: Readonly<Record<string, unknown>> = {
  'POST /v1/skills/{skill_id}/execute': { inputs: { text: 'hi' } },
  'POST /v1/skills/{skill_id}/execute/stream': { inputs: { text: 'hi' } },
  'POST /v1/skills/{skill_id}/execute/async': { inputs: { text: 'hi' } },
  'POST /v1/capabilities/{capability_id}/execute': { inputs: { text: 'hi' } },
  'POST /v1/skills/discover': { intent: 'shout a text' },
};

/**
 * What a caller with enough role gets from a route: any status but 401/403/429 shows the guard let
 * the caller through, whatever the route itself then answers.
 */
const ALLOWED_STATUS: Readonly<Record<string, number>> = {
  'GET /v1/health': 200,
  'GET /openapi.json': 200,
  'GET /v1/skills/list': 200,
  'GET /v1/skills/{skill_id}/describe': 200,
  'POST /v1/skills/{skill_id}/execute': 200,
  'POST /v1/skills/{skill_id}/execute/stream': 200,
  'POST /v1/skills/{skill_id}/execute/async': 202,
  'POST /v1/capabilities/{capability_id}/execute': 200,
  'POST /v1/capabilities/{capability_id}/explain': 200,
  'GET /v1/runs': 200,
  'GET /v1/runs/{run_id}': 404,
  'GET /v1/metrics': 200,
  'GET /v1/metrics/prometheus': 200,
  'POST /v1/runs/{run_id}/cancel': 404,
};

interface RouteCase {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly role: Role;
  /** A number, or 'guard passed' for routes not mounted yet. */
  readonly allowed: number | 'guard passed';
}

const CONTRACT_CASES: RouteCase[] = CONTRACT_ROUTE_ROLES.map((entry) => {
  const label = `${entry.method} ${entry.path}`;
  return {
    label,
    method: entry.method,
    path: entry.path.replace(/\{([a-z_]+)\}/g, (_match, name: string) => SAMPLE_PARAMS[name] ?? 'x'),
    body: BODIES[label] ?? {},
    role: entry.role,
    allowed: ALLOWED_STATUS[label] ?? 'guard passed',
  };
});

/** Unknown routes need admin; an admin then gets 404. */
const UNKNOWN_CASES: RouteCase[] = [
  { label: 'GET /v1/unknown (unknown route)', method: 'GET', path: '/v1/unknown', body: undefined, role: 'admin', allowed: 404 },
  { label: 'POST /v1/admin/reset (unknown route)', method: 'POST', path: '/v1/admin/reset', body: {}, role: 'admin', allowed: 404 },
];

/** Known paths asked with another method answer 405 with Allow to every caller, before authentication. */
const OTHER_METHOD_CASES: RouteCase[] = [
  { label: 'DELETE /v1/runs (other method)', method: 'DELETE', path: '/v1/runs', body: undefined, role: 'admin', allowed: 405 },
  { label: 'POST /v1/skills/list (other method)', method: 'POST', path: '/v1/skills/list', body: {}, role: 'admin', allowed: 405 },
  { label: 'PUT /v1/webhooks/{webhook_id} (other method)', method: 'PUT', path: '/v1/webhooks/w1', body: {}, role: 'admin', allowed: 405 },
];

type Caller = Role | 'anonymous';
const CALLERS: readonly Caller[] = [...ROLES, 'anonymous'];

function send(app: ServerApp['app'], routeCase: RouteCase, caller: Caller): request.Test {
  const agent = request(app);
  const method = routeCase.method.toLowerCase() as 'get' | 'post' | 'delete';
  let test = agent[method](routeCase.path);
  if (caller !== 'anonymous') test = test.set('X-API-Key', ROLE_KEYS[caller]);
  return routeCase.body === undefined ? test : test.send(routeCase.body as object);
}

describe('route → role table: 4 roles (and no credentials) × every route', () => {
  let app: ServerApp['app'];

  beforeAll(async () => {
    // Health and the API description need reader too here, so every row of the table is enforced.
    ({ app } = await appWith({
      argv: [...RBAC_WITH_KEYS.argv, '--require-auth-all', '--rate-limit-requests', '100000'],
      env: RBAC_WITH_KEYS.env,
    }));
  });

  const rows = [...CONTRACT_CASES, ...UNKNOWN_CASES].flatMap((routeCase) => CALLERS.map((caller) => [routeCase.label, caller, routeCase] as const));

  it('covers every route of the contract table, both metrics routes and explain included', () => {
    const labels = CONTRACT_CASES.map((routeCase) => `${routeCase.label} → ${routeCase.role}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'GET /v1/metrics → operator',
        'GET /v1/metrics/prometheus → operator',
        'POST /v1/capabilities/{capability_id}/explain → executor',
        'GET /v1/runs → operator',
        'DELETE /v1/webhooks/{webhook_id} → operator',
        'POST /v1/runs/{run_id}/cancel → executor',
      ]),
    );
    expect(CONTRACT_CASES).toHaveLength(21);
  });

  const otherMethods = OTHER_METHOD_CASES.flatMap((routeCase) => CALLERS.map((caller) => [routeCase.label, caller, routeCase] as const));
  it.each(otherMethods)('%s as %s: 405 with Allow, before authentication', async (_label, caller, routeCase) => {
    const response = await send(app, routeCase, caller);
    expect(response.status).toBe(405);
    expect(response.body.error).toMatchObject({ code: 'method_not_allowed' });
    expect(response.headers['allow']).toEqual(expect.any(String));
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it.each(rows)('%s as %s', async (_label, caller, routeCase) => {
    const response = await send(app, routeCase, caller);
    if (caller === 'anonymous') {
      expect(response.status).toBe(401);
      expect(response.body.error).toMatchObject(AUTH_FAILURE);
      expect(response.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    } else if (!roleAtLeast(caller, routeCase.role)) {
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({ code: 'forbidden', type: 'AuthorizationError' });
      expect(response.body.error.message).toBe(`Role '${caller}' is insufficient for this endpoint; it needs '${routeCase.role}'.`);
    } else if (routeCase.allowed === 'guard passed') {
      expect([401, 403, 429]).not.toContain(response.status);
    } else {
      expect(response.status).toBe(routeCase.allowed);
    }
  });
});

describe('route definitions against the contract table', () => {
  const route = (method: RouteDefinition['method'], path: string, access: RouteDefinition['access']): RouteDefinition =>
    ({ method, path, access, operationId: 'x', summary: 'x', responses: {}, errors: [], handler: () => undefined }) as RouteDefinition;

  it('takes the role the table gives, and refuses a definition that contradicts it when the app is built', async () => {
    const access = await accessFrom({ env: { SERVICE_RBAC: '1' } });
    expect(access.roleOf(route('get', '/v1/runs/{id}', 'operator'))).toBe('operator');
    expect(() => access.roleOf(route('get', '/v1/runs', 'reader'))).toThrow('GET /v1/runs declares role reader but the route table gives it operator');
    expect(() => access.roleOf(route('get', '/v1/metrics', 'public'))).toThrow('declared public');
    // A route the contract does not list keeps its declared role (e.g. the dead-letter queue of #8).
    expect(access.roleOf(route('get', '/v1/webhooks/dead-letters', 'operator'))).toBe('operator');
    expect(access.roleOf(route('get', '/v1/health', 'public'))).toBe('public');
    expect((await accessFrom({ argv: ['--require-auth-all'] })).roleOf(route('get', '/v1/health', 'public'))).toBe('reader');
  });
});

describe('public health and API description', () => {
  it('answer without credentials by default, uncounted', async () => {
    const { app } = await appWith({ argv: RBAC_WITH_KEYS.argv, env: RBAC_WITH_KEYS.env });
    for (const path of ['/v1/health', '/openapi.json']) {
      const response = await request(app).get(path).expect(200);
      expect(response.headers['ratelimit']).toBeUndefined();
    }
    await request(app).get('/v1/skills/list').expect(401);
  });

  it('need credentials with --require-auth-all', async () => {
    const { app } = await appWith({ argv: [...RBAC_WITH_KEYS.argv, '--require-auth-all'], env: RBAC_WITH_KEYS.env });
    await request(app).get('/v1/health').expect(401);
    await request(app).get('/openapi.json').expect(401);
    await request(app).get('/v1/health').set('X-API-Key', ROLE_KEYS.reader).expect(200);
  });
});

describe('legacy mode (RBAC off)', () => {
  it('is open when no key is configured', async () => {
    const { app } = await appWith({});
    await request(app).get('/v1/runs').expect(200);
    await request(app).get('/v1/unknown').expect(404);
  });

  it('with --api-key: health public, 401 without the key, 403 with a wrong one', async () => {
    const { app } = await appWith({ argv: ['--api-key', 'legacy-key'] });
    await request(app).get('/v1/health').expect(200);
    const missing = await request(app).get('/v1/skills/list').expect(401);
    expect(missing.body.error).toMatchObject(AUTH_FAILURE);
    expect(missing.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    const wrong = await request(app).get('/v1/skills/list').set('x-api-key', 'nope').expect(403);
    expect(wrong.body.error).toMatchObject({ code: 'forbidden', message: 'Invalid API key.', type: 'AuthorizationError' });
    expect(wrong.headers['www-authenticate']).toBeUndefined();
  });

  it('accepts the key in X-API-Key or as Authorization: Bearer (the TS SDK), for every route', async () => {
    const { app } = await appWith({ argv: ['--api-key', 'legacy-key'] });
    await request(app).get('/v1/skills/list').set('X-API-KEY', 'legacy-key').expect(200);
    await request(app).get('/v1/runs').set('Authorization', 'Bearer legacy-key').expect(200);
    await request(app).get('/v1/unknown').set('Authorization', 'Bearer legacy-key').expect(404);
    await request(app).get('/v1/runs').set('Authorization', 'Bearer wrong').expect(403);
  });
});

describe('RBAC mode', () => {
  let app: ServerApp['app'];

  beforeAll(async () => {
    ({ app } = await appWith({ argv: RBAC_WITH_KEYS.argv, env: { ...RBAC_WITH_KEYS.env, SERVICE_JWT_SECRET: JWT_SECRET } }));
  });

  it('registers the configured key as admin and takes API keys as bearer tokens too', async () => {
    await request(app).get('/v1/unknown').set('X-API-Key', ROLE_KEYS.admin).expect(404);
    await request(app).get('/v1/runs').set('Authorization', `Bearer ${ROLE_KEYS.operator}`).expect(200);
    await request(app).get('/v1/runs').set('Authorization', `Bearer ${ROLE_KEYS.reader}`).expect(403);
  });

  it('verifies JWTs: the role claim decides, executor by default', async () => {
    const operator = jwt({ sub: 'carol', role: 'operator', exp: nowSeconds() + 300 });
    await request(app).get('/v1/runs').set('Authorization', `Bearer ${operator}`).expect(200);
    const plain = jwt({ sub: 'dan' });
    await request(app).post('/v1/capabilities/text.upper/explain').set('Authorization', `Bearer ${plain}`).send({}).expect(200);
    await request(app).get('/v1/runs').set('Authorization', `Bearer ${plain}`).expect(403);
  });

  const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const BAD_TOKENS: ReadonlyArray<readonly [string, () => string]> = [
    ['bad base64', () => `${b64({ alg: 'HS256' })}.%%%.${'A'.repeat(43)}`],
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'mallory', role: 'admin' })}.`],
    ['an RS256 header', () => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ sub: 'mallory', role: 'admin' })}.${'A'.repeat(342)}`],
    ['another secret', () => jwt({ sub: 'mallory', role: 'admin' }, 'some-other-secret-of-at-least-32-bytes')],
    ['expired', () => jwt({ sub: 'carol', role: 'admin', exp: nowSeconds() - 120 })],
    ['not yet valid', () => jwt({ sub: 'carol', role: 'admin', nbf: nowSeconds() + 120 })],
    ['no sub', () => jwt({ role: 'admin' })],
    ['an unknown role', () => jwt({ sub: 'carol', role: 'root' })],
    ['12 KB long', () => jwt({ sub: 'carol', role: 'admin', pad: 'p'.repeat(9000) })],
    ['an unknown API key', () => 'not-a-key'],
  ];

  it.each(BAD_TOKENS)('refuses a bearer with %s: 401, the same answer as any failure', async (_what, token) => {
    const response = await request(app).get('/v1/skills/list').set('Authorization', `Bearer ${token()}`).expect(401);
    expect(response.body).toEqual({ error: { ...AUTH_FAILURE, hint: expect.any(String) }, trace_id: expect.any(String) });
    expect(response.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    expect(response.headers['ratelimit']).toMatch(/^limit=60, remaining=\d+, reset=\d+$/);
  });

  it('answers an unknown key and a bad JWT identically (nothing says whether a key exists)', async () => {
    const strip = (body: { trace_id?: unknown }): unknown => ({ ...body, trace_id: null });
    const unknownKey = await request(app).get('/v1/runs').set('X-API-Key', 'guess-1');
    const badJwt = await request(app).get('/v1/runs').set('Authorization', `Bearer ${jwt({ sub: 'x' }, 'wrong-secret-wrong-secret-wrong-secret')}`);
    const none = await request(app).get('/v1/runs');
    expect(strip(unknownKey.body)).toEqual(strip(badJwt.body));
    expect(strip(unknownKey.body)).toEqual(strip(none.body));
    expect(unknownKey.headers['www-authenticate']).toBe(badJwt.headers['www-authenticate']);
  });

  it('refuses an unknown X-API-Key even with a valid bearer token', async () => {
    await request(app).get('/v1/skills/list').set('X-API-Key', 'nope').set('Authorization', `Bearer ${ROLE_KEYS.admin}`).expect(401);
  });

  it('refuses other authorization schemes', async () => {
    await request(app).get('/v1/skills/list').set('Authorization', 'Basic YWRtaW46YWRtaW4=').expect(401);
  });
});

describe('RBAC without keys or JWT secret: anonymous reader', () => {
  it('lets anonymous callers read, and nothing more', async () => {
    const { app } = await appWith({ env: { SERVICE_RBAC: '1' } });
    await request(app).get('/v1/skills/list').expect(200);
    await request(app).get('/v1/skills/text.shout/describe').expect(200);
    await request(app).post('/v1/skills/text.shout/execute').send({ inputs: { text: 'hi' } }).expect(403);
    await request(app).get('/v1/runs').expect(403);
    await request(app).get('/v1/unknown').expect(403);
    // Credentials that are sent are still checked.
    await request(app).get('/v1/skills/list').set('X-API-Key', 'anything').expect(401);
  });

  it('is off as soon as a JWT secret is configured', async () => {
    const { app } = await appWith({ env: { SERVICE_RBAC: '1', SERVICE_JWT_SECRET: JWT_SECRET } });
    await request(app).get('/v1/skills/list').expect(401);
    await request(app).get('/v1/skills/list').set('Authorization', `Bearer ${jwt({ sub: 'r', role: 'reader' })}`).expect(200);
  });
});

describe('malformed credentials over real sockets', () => {
  let listening: Listening;
  let port: number;

  beforeAll(async () => {
    const { app } = await appWith({ argv: RBAC_WITH_KEYS.argv, env: { ...RBAC_WITH_KEYS.env, SERVICE_JWT_SECRET: JWT_SECRET } });
    listening = await listen(app);
    port = Number(new URL(listening.url).port);
  });

  afterAll(async () => {
    await listening.close();
  });

  const GET = 'GET /v1/skills/list HTTP/1.1\r\nHost: test';

  it('refuses duplicated credentials, counting them', async () => {
    const twice = await rawRequest(port, `${GET}\r\nAuthorization: Bearer ${ROLE_KEYS.admin}\r\nAuthorization: Bearer ${ROLE_KEYS.admin}`);
    expect(twice.status).toBe(401);
    expect(twice.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    const keys = await rawRequest(port, `${GET}\r\nX-API-Key: ${ROLE_KEYS.admin}\r\nx-api-key: ${ROLE_KEYS.reader}`);
    expect(keys.status).toBe(401);
    const [first, second] = [twice, keys].map((answer) => Number(/remaining=(\d+)/.exec(answer.headers['ratelimit'] ?? '')?.[1]));
    expect(second).toBe((first ?? 0) - 1);
  });

  it.each([
    ['CR inside a key', `X-API-Key: ${ROLE_KEYS.admin}\rX-Role: admin`],
    ['LF inside a key', `X-API-Key: bad\nX-API-Key: ${ROLE_KEYS.admin}`],
    ['an obsolete line folding', `Authorization: Bearer\r\n ${ROLE_KEYS.admin}`],
    ['a NUL byte', `X-API-Key: ${ROLE_KEYS.admin}\u0000`],
  ])('refuses %s before the app (400) and keeps serving', async (_what, header) => {
    const answer = await rawRequest(port, `${GET}\r\n${header}`);
    expect(answer.status).toBe(400);
    const ok = await rawRequest(port, `${GET}\r\nX-API-Key: ${ROLE_KEYS.reader}`);
    expect(ok.status).toBe(200);
  });

  it('refuses a 100 KB token (431) and keeps serving', async () => {
    const answer = await rawRequest(port, `${GET}\r\nAuthorization: Bearer ${jwt({ sub: 'x', pad: 'p'.repeat(100 * 1024) })}`);
    expect(answer.status).toBe(431);
    expect((await rawRequest(port, `${GET}\r\nX-API-Key: ${ROLE_KEYS.reader}`)).status).toBe(200);
  });

  it('refuses a key with a tab or non-ASCII characters (401)', async () => {
    expect((await rawRequest(port, `${GET}\r\nX-API-Key: admin\tkey`)).status).toBe(401);
    expect((await rawRequest(port, `${GET}\r\nX-API-Key: ${ROLE_KEYS.admin}é`)).status).toBe(401);
  });
});

describe('auth plugins end to end (the workspace example, forwarded-user)', () => {
  const headers = { 'X-Forwarded-User': 'alice', 'X-Forwarded-Role': 'operator' };

  it('authenticates a request from a trusted proxy once enabled', async () => {
    const { app } = await appWith({
      argv: ['--api-key', ROLE_KEYS.admin, '--auth-plugin', 'forwarded-user', '--trust-proxy', '127.0.0.1, ::1'],
      env: { SERVICE_RBAC: '1' },
    });
    await request(app).get('/v1/runs').set(headers).expect(200);
    await request(app).get('/v1/unknown').set(headers).expect(403);
    await request(app).get('/v1/skills/list').set({ 'X-Forwarded-User': 'bob' }).expect(200);
    await request(app).get('/v1/runs').set({ 'X-Forwarded-User': 'bob' }).expect(403);
    // Above the role the proxy may grant (operator by default): refused.
    await request(app).get('/v1/runs').set({ 'X-Forwarded-User': 'eve', 'X-Forwarded-Role': 'admin' }).expect(401);
    // Built-in credentials still work beside it.
    await request(app).get('/v1/unknown').set('X-API-Key', ROLE_KEYS.admin).expect(404);
  });

  it('takes its settings from the environment', async () => {
    const { app } = await appWith({
      argv: ['--api-key', ROLE_KEYS.admin, '--auth-plugin', 'forwarded-user', '--trust-proxy', '127.0.0.1, ::1'],
      env: { SERVICE_RBAC: '1', SERVICE_AUTH_FORWARDED_MAX_ROLE: 'admin' },
    });
    await request(app).get('/v1/unknown').set({ 'X-Forwarded-User': 'root', 'X-Forwarded-Role': 'admin' }).expect(404);
  });

  it('refuses the headers from a peer that is not a trusted proxy', async () => {
    const { app } = await appWith({ argv: ['--api-key', ROLE_KEYS.admin, '--auth-plugin', 'forwarded-user'], env: { SERVICE_RBAC: '1' } });
    const response = await request(app).get('/v1/runs').set(headers).expect(401);
    expect(response.body.error).toMatchObject(AUTH_FAILURE);
  });

  it('ignores the headers when the plugin is not enabled', async () => {
    const { app } = await appWith({ argv: ['--api-key', ROLE_KEYS.admin, '--trust-proxy', '127.0.0.1, ::1'], env: { SERVICE_RBAC: '1' } });
    await request(app).get('/v1/runs').set(headers).expect(401);
    const anonymous = await appWith({ argv: ['--trust-proxy', '127.0.0.1, ::1'], env: { SERVICE_RBAC: '1' } });
    // Anonymous reader, not alice the operator.
    await request(anonymous.app).get('/v1/runs').set(headers).expect(403);
  });

  it('stops the configuration for a plugin no package declares', async () => {
    await expect(accessFrom({ argv: ['--auth-plugin', 'no-such-plugin'], env: { SERVICE_RBAC: '1' } })).rejects.toMatchObject({
      code: 'invalid_configuration',
      message: expect.stringContaining("auth plugin 'no-such-plugin'"),
    });
  });
});
