// Webhooks and rate limits on Redis over HTTP: two services on one prefix act as one deployment
// (as two server processes would), with today's answers (409 past the cap, 429 with its headers,
// 503 when the shared state cannot be reached).
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createRedisRateLimitStore, createRedisWebhookState, redisSettings, type RedisSettings } from '@skill-service/redis-state';
import { Redis } from 'ioredis';
import request from 'supertest';
import { WebhookReceiver } from '@skill-service/test-support';
import type { ServerApp } from './app.js';
import { accessFrom } from './testing/test-access.js';
import { openTestService, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(60_000);

const REDIS_URL = process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** A prefix of its own, every key under it deleted afterwards. */
function ownPrefix(label: string): RedisSettings {
  const settings = redisSettings(REDIS_URL, `test-${label}-${randomUUID().slice(0, 8)}`);
  cleanup.push(async () => {
    const client = new Redis(settings.url);
    try {
      const keys = await client.keys(`${settings.prefix}:*`);
      if (keys.length > 0) await client.del(...keys);
    } finally {
      client.disconnect();
    }
  });
  return settings;
}

async function serverOn(settings: RedisSettings): Promise<{ server: ServerApp; close(): Promise<void> }> {
  const state = await createRedisWebhookState(settings, { retryDelaysMs: [20, 40, 80] });
  const service = await openTestService({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1' }, { state: { webhooks: state }, webhooks: { timeoutMs: 2_000 } });
  const close = (): Promise<void> => service.close();
  cleanup.push(close);
  return { server: testApp(service), close };
}

describe('webhooks on Redis over HTTP', () => {
  it('a subscription made on A gets exactly one delivery for an execution on B; B lists and deletes it', async () => {
    const settings = ownPrefix('http-webhooks');
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    cleanup.push(() => receiver.close());
    const a = await serverOn(settings);
    const b = await serverOn(settings);

    const created = await request(a.server.app).post('/v1/webhooks').send({ url, events: ['skill.completed'], secret: 'shared' }).expect(201);
    expect((await request(b.server.app).get('/v1/webhooks').expect(200)).body).toEqual({ subscriptions: [created.body] });
    await request(b.server.app).post('/v1/skills/math.sum/execute').set('x-trace-id', 'on-b').send({ inputs: { a: 1, b: 2 } }).expect(200);
    await waitFor('the delivery', () => receiver.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({ event: 'skill.completed', trace_id: 'on-b' });

    const id = (created.body as { id: string }).id;
    expect((await request(b.server.app).delete(`/v1/webhooks/${id}`).expect(200)).body).toEqual({ deleted: id });
    expect((await request(a.server.app).get('/v1/webhooks').expect(200)).body).toEqual({ subscriptions: [] });
  });

  it('a dead letter listed on A is replayed on B with its webhook-id', async () => {
    const settings = ownPrefix('http-dead-letters');
    const receiver = new WebhookReceiver();
    receiver.answer = (_received, response) => response.writeHead(500).end();
    const url = await receiver.start();
    cleanup.push(() => receiver.close());
    const a = await serverOn(settings);
    const b = await serverOn(settings);
    await request(a.server.app).post('/v1/webhooks').send({ url, events: ['skill.completed'] }).expect(201);
    await request(a.server.app).post('/v1/skills/math.sum/execute').send({ inputs: { a: 1, b: 2 } }).expect(200);
    let letters: { id: string }[] = [];
    await waitFor('the dead letter', async () => {
      letters = (await request(a.server.app).get('/v1/webhooks/dead-letters').expect(200)).body.dead_letters as { id: string }[];
      return letters.length === 1;
    });
    expect(receiver.received).toHaveLength(4);
    const id = letters[0]?.id ?? '';
    receiver.answer = (_received, response) => response.writeHead(204).end();
    expect((await request(b.server.app).post(`/v1/webhooks/dead-letters/${id}/replay`).expect(200)).body).toEqual({ replayed: id });
    await waitFor('the replay', () => receiver.received.length === 5);
    expect(receiver.received.map((delivery) => delivery.headers['webhook-id'])).toEqual([id, id, id, id, id]);
    expect((await request(a.server.app).get('/v1/webhooks/dead-letters').expect(200)).body).toEqual({ dead_letters: [] });
  });

  it('answers 503 service_unavailable for webhook operations when the shared state cannot be reached; executions go on', async () => {
    const settings = ownPrefix('http-unavailable');
    const state = await createRedisWebhookState(settings);
    const service = await openTestService({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1' }, { state: { webhooks: state } });
    cleanup.push(() => service.close());
    const { app } = testApp(service);
    // Its connections gone: to this process, Redis is unreachable.
    await state.close();
    for (const answer of [
      await request(app).get('/v1/webhooks'),
      await request(app).post('/v1/webhooks').send({ url: 'http://127.0.0.1:9/hook', events: ['*'] }),
      await request(app).delete('/v1/webhooks/some-id'),
      await request(app).get('/v1/webhooks/dead-letters'),
      await request(app).post('/v1/webhooks/dead-letters/some-id/replay').send({}),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.body.error).toMatchObject({ code: 'service_unavailable', message: expect.stringContaining('Redis') });
      expect(answer.body.error.message).not.toMatch(/\bat \S+:\d+|node_modules/);
    }
    await request(app).post('/v1/skills/math.sum/execute').send({ inputs: { a: 1, b: 2 } }).expect(200);
    expect(service.webhookStats().events_lost).toBeGreaterThanOrEqual(1);
    const health = await request(app).get('/v1/health?deep=true');
    expect(health.body.checks.webhooks).toMatchObject({ status: 'failed', critical: false, error: expect.stringContaining('Redis') });
  });
});

describe('rate limits on Redis over HTTP', () => {
  it('two servers share one window per client, with the 429 body and headers of today', async () => {
    const settings = ownPrefix('http-rate');
    const service = await openTestService();
    cleanup.push(() => service.close());
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const store = await createRedisRateLimitStore(settings, { limit: 3, windowSeconds: 60 });
        cleanup.push(() => store.close());
        const access = await accessFrom({ argv: ['--rate-limit-requests', '3', '--rate-limit-window-seconds', '60'], rateLimitStore: store });
        return testApp(service, { access }).app;
      }),
    );
    const [a, b] = apps;
    if (a === undefined || b === undefined) throw new Error('two apps expected');
    const first = await request(a).get('/v1/skills/list').expect(200);
    expect(first.headers['ratelimit-policy']).toBe('3;w=60');
    expect(first.headers['ratelimit']).toMatch(/^limit=3, remaining=2, reset=(59|60)$/);
    await request(b).get('/v1/skills/list').expect(200);
    const third = await request(a).get('/v1/skills/list').expect(200);
    expect(third.headers['ratelimit']).toMatch(/^limit=3, remaining=0, reset=\d+$/);
    const refused = await request(b).get('/v1/skills/list').expect(429);
    expect(refused.body).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests.', type: 'RateLimitError', hint: expect.stringMatching(/^Rate limit is 3 requests per 60s\. Retry after \d+s\.$/) },
      trace_id: expect.any(String),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit']).toMatch(/^limit=3, remaining=0, reset=\d+$/);
    await request(a).get('/v1/skills/list').expect(429);
  });
});
