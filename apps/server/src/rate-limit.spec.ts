// Per-client rate limiting over the HTTP surface: headers, 429, streams and runs, failed
// authentications counted, and floods — one client guessing keys, many clients at once.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Agent } from 'node:http';
import { SlidingWindowRateLimiter } from '@skill-service/auth';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import type { AccessControl } from './access-control.js';
import type { ServerApp } from './app.js';
import { RBAC_WITH_KEYS, ROLE_KEYS, httpGet, type Answer } from './testing/auth-fixtures.js';
import { accessFrom } from './testing/test-access.js';
import { listen, openTestService, testApp, type Listening } from './testing/test-server.js';

jest.setTimeout(120_000);

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

describe('rate-limit answers', () => {
  it('carries RateLimit-Policy and RateLimit on protected answers, and a 429 past the limit with Retry-After', async () => {
    const { app } = await appWith({ argv: ['--rate-limit-requests', '3', '--rate-limit-window-seconds', '60'] });
    const first = await request(app).get('/v1/skills/list').expect(200);
    expect(first.headers['ratelimit-policy']).toBe('3;w=60');
    expect(first.headers['ratelimit']).toBe('limit=3, remaining=2, reset=60');
    await request(app).get('/v1/skills/list').expect(200);
    const third = await request(app).get('/v1/skills/list').expect(200);
    expect(third.headers['ratelimit']).toMatch(/^limit=3, remaining=0, reset=(59|60)$/);
    const refused = await request(app).get('/v1/skills/list').expect(429);
    expect(refused.body).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests.', type: 'RateLimitError', hint: expect.stringMatching(/^Rate limit is 3 requests per 60s\. Retry after \d+s\.$/) },
      trace_id: expect.any(String),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(refused.headers['ratelimit']).toMatch(/^limit=3, remaining=0, reset=\d+$/);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    // The public routes are not limited.
    await request(app).get('/v1/health').expect(200);
  });

  it('behaves as verify_customer_http_controls.py expects (legacy, limit 3 per 2 s)', async () => {
    const { app } = await appWith({ argv: ['--api-key', 'controls-key', '--rate-limit-requests', '3', '--rate-limit-window-seconds', '2'] });
    await request(app).get('/v1/health').expect(200);
    await request(app).get('/v1/skills/list').expect(401);
    await request(app).get('/v1/skills/list').set('x-api-key', 'wrong').expect(403);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await request(app).get('/v1/skills/list').set('x-api-key', 'controls-key')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await request(app).get('/v1/skills/list').set('x-api-key', 'controls-key').expect(200);
  });

  it('applies to streams, async runs and run records', async () => {
    const { app } = await appWith({ argv: ['--rate-limit-requests', '3'] });
    const stream = await request(app).post('/v1/skills/text.shout/execute/stream').send({ inputs: { text: 'hi' } }).expect(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['ratelimit']).toMatch(/^limit=3, remaining=2, /);
    await request(app).post('/v1/skills/text.shout/execute/async').send({ inputs: { text: 'hi' } }).expect(202);
    await request(app).get('/v1/runs').expect(200);
    const refusedStream = await request(app).post('/v1/skills/text.shout/execute/stream').send({ inputs: { text: 'hi' } }).expect(429);
    expect(refusedStream.headers['content-type']).toMatch(/^application\/json/);
    await request(app).get('/v1/runs/anything').expect(429);
  });

  it('counts failed authentications against the client address', async () => {
    const { app } = await appWith({ argv: [...RBAC_WITH_KEYS.argv, '--rate-limit-requests', '3'], env: RBAC_WITH_KEYS.env });
    for (const key of ['guess-1', 'guess-2', 'guess-3']) await request(app).get('/v1/skills/list').set('X-API-Key', key).expect(401);
    await request(app).get('/v1/skills/list').set('X-API-Key', 'guess-4').expect(429);
    await request(app).get('/v1/skills/list').expect(429);
    // A valid key is its own client (its subject), whatever address it comes from.
    await request(app).get('/v1/skills/list').set('X-API-Key', ROLE_KEYS.reader).expect(200);
  });

  it('counts requests refused for their role', async () => {
    const { app } = await appWith({ argv: [...RBAC_WITH_KEYS.argv, '--rate-limit-requests', '2'], env: RBAC_WITH_KEYS.env });
    await request(app).get('/v1/runs').set('X-API-Key', ROLE_KEYS.reader).expect(403);
    await request(app).get('/v1/unknown').set('X-API-Key', ROLE_KEYS.reader).expect(403);
    await request(app).get('/v1/skills/list').set('X-API-Key', ROLE_KEYS.reader).expect(429);
  });
});

/** Runs `count` calls of `task` with at most `concurrency` at once. */
async function pool(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
}

describe('floods', () => {
  let listening: Listening;
  let access: AccessControl;
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  /** The connection of the other client, not queued behind the flood's. */
  const otherAgent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    // Default limits (60 per 60 s); 127.0.0.1 is a trusted proxy so X-Forwarded-For names distinct clients.
    let app: ServerApp['app'];
    ({ app, access } = await appWith({
      argv: [...RBAC_WITH_KEYS.argv, '--trust-proxy', '127.0.0.1, ::1'],
      env: { ...RBAC_WITH_KEYS.env, SERVICE_RATE_LIMIT_MAX_CLIENTS: '1000' },
    }));
    listening = await listen(app);
  });

  afterAll(async () => {
    agent.destroy();
    otherAgent.destroy();
    await listening.close();
  });

  const get = (path: string, headers: Record<string, string>): Promise<Answer> => httpGet(`${listening.url}${path}`, headers, agent);

  it('refuses 10,000 wrong keys from one client (401 for the first 60, then 429) while others are served quickly', async () => {
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let flooding = true;
    /** Answers the other client got while the flood was still going. */
    let servedDuringFlood = 0;
    const legit = (async () => {
      // Another client with a valid key, during the flood (within its own 60 requests a minute).
      while (flooding && latencies.length < 50) {
        const started = performance.now();
        const response = await httpGet(`${listening.url}/v1/skills/list`, { 'X-API-Key': ROLE_KEYS.reader, 'X-Forwarded-For': '198.51.100.9' }, otherAgent);
        latencies.push(performance.now() - started);
        if (flooding) servedDuringFlood++;
        expect(response.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const floodStarted = performance.now();
    await pool(10_000, 32, async (index) => {
      const response = await get('/v1/skills/list', { 'X-API-Key': `guess-${index}`, 'X-Forwarded-For': '203.0.113.66' });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    });
    const floodMs = performance.now() - floodStarted;
    flooding = false;
    await legit;

    expect(Object.fromEntries(statuses)).toEqual({ 401: 60, 429: 9940 });
    // Served quickly, measured against the flood itself rather than the wall clock (a loaded machine
    // slows both): several answers while the flood went on, none waiting for a quarter of it.
    expect(servedDuringFlood).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(floodMs / 4);
    // The attacker stays refused; a third address without credentials gets its own 401, not a 429.
    expect((await get('/v1/skills/list', { 'X-API-Key': ROLE_KEYS.admin, 'X-Forwarded-For': '203.0.113.66' })).status).toBe(200);
    expect((await get('/v1/skills/list', { 'X-Forwarded-For': '203.0.113.66' })).status).toBe(429);
    expect((await get('/v1/skills/list', { 'X-Forwarded-For': '192.0.2.44' })).status).toBe(401);
  });

  it('keeps the tracked clients bounded under a flood of distinct clients', async () => {
    await pool(3000, 32, async (index) => {
      const address = `203.0.${Math.floor(index / 250)}.${index % 250}`;
      const response = await get('/v1/skills/list', { 'X-Forwarded-For': address });
      expect(response.status).toBe(401);
    });
    const limiter = access.limiter;
    if (!(limiter instanceof SlidingWindowRateLimiter)) throw new Error('expected the in-memory limiter by default');
    expect(limiter.maxClients).toBe(1000);
    expect(limiter.trackedClients).toBeLessThanOrEqual(1000);
    expect(limiter.trackedClients).toBeGreaterThan(900);
    const fresh = await get('/v1/skills/list', { 'X-API-Key': ROLE_KEYS.reader, 'X-Forwarded-For': '198.51.100.10' });
    expect(fresh.status).toBe(200);
  });

  it('keys IPv6 clients by their /64', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const response = await get('/v1/skills/list', { 'X-Forwarded-For': `2001:db8:aa:bb::${(i + 1).toString(16)}` });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
    const other = await get('/v1/skills/list', { 'X-Forwarded-For': '2001:db8:aa:cc::1' });
    expect(other.status).toBe(401);
  });
});
