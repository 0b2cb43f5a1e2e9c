// Webhook hardening: signatures checked by a Standard Webhooks library, execution latency independent of
// slow receivers, and bad receivers / bad subscriptions handled without losing anything.
import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ErrorPayload } from '@skill-service/contracts';
import type { SkillService, SkillServiceOptions } from '@skill-service/service';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { WebhookReceiver } from '@skill-service/test-support';
import type { ServerApp } from './app.js';
import { listen, openTestService, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(30_000);

const cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()));
});

async function setup(
  webhooks: NonNullable<SkillServiceOptions['webhooks']> = { retryDelaysMs: [20, 40, 80], timeoutMs: 2_000 },
): Promise<{ server: ServerApp; service: SkillService; receiver: WebhookReceiver; url: string }> {
  const service = await openTestService({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1' }, { webhooks });
  const receiver = new WebhookReceiver();
  const url = await receiver.start();
  cleanup.push(() => service.close(), () => receiver.close());
  return { server: testApp(service), service, receiver, url };
}

async function subscribe(server: ServerApp, body: Record<string, unknown>): Promise<string> {
  const created = await request(server.app).post('/v1/webhooks').send(body).expect(201);
  return (created.body as { id: string }).id;
}

/** Every delivery is in exactly one place: delivered, dead-lettered, queued, in flight or waiting to retry. */
function accountedFor(service: SkillService): number {
  const stats = service.webhookStats();
  return stats.delivered + stats.dead_lettered + stats.queued + stats.in_flight + stats.retrying;
}

function expectContractError(body: unknown, code: string): void {
  expect(ErrorPayload.safeParse(body).success).toBe(true);
  expect((body as ErrorPayload).error.code).toBe(code);
}

describe('webhook signatures with the standardwebhooks package', () => {
  async function deliveredWith(secret: string): Promise<{ body: string; headers: Record<string, string> }> {
    const { server, receiver, url } = await setup();
    await subscribe(server, { url, events: ['skill.completed'], secret });
    await request(server.app).post('/v1/skills/math.sum/execute').send({ inputs: { a: 1, b: 2 } }).expect(200);
    await waitFor('the delivery', () => receiver.received.length === 1);
    const [delivery] = receiver.received;
    if (delivery === undefined) throw new Error('no delivery');
    const header = (name: string): string => String(delivery.headers[name]);
    return {
      body: delivery.body,
      headers: {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
        'x-webhook-signature': header('x-webhook-signature'),
      },
    };
  }

  const hexHmac = (key: string, body: string): string => `sha256=${createHmac('sha256', Buffer.from(key, 'utf8')).update(body).digest('hex')}`;

  it('a whsec_ secret: the package verifies with that very secret; X-Webhook-Signature keys with the secret as given', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const { body, headers } = await deliveredWith(secret);
    const verifier = new Webhook(secret);
    expect(verifier.verify(body, headers)).toMatchObject({ event: 'skill.completed', data: { skill_id: 'math.sum' } });
    expect(() => verifier.verify(body.replace('math.sum', 'math.sux'), headers)).toThrow();
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(body, headers)).toThrow();
    expect(headers['x-webhook-signature']).toBe(hexHmac(secret, body));
  });

  it('any other secret: the package verifies with the base64 form of its UTF-8 bytes; X-Webhook-Signature as before', async () => {
    const rawSecret = 'webhook-secret ✓ with utf-8';
    const { body, headers } = await deliveredWith(rawSecret);
    const verifier = new Webhook(Buffer.from(rawSecret, 'utf8').toString('base64'));
    expect(verifier.verify(body, headers)).toMatchObject({ event: 'skill.completed', data: { skill_id: 'math.sum' } });
    expect(() => verifier.verify(body.replace('math.sum', 'math.sux'), headers)).toThrow();
    expect(() => new Webhook(Buffer.from('another-secret', 'utf8').toString('base64')).verify(body, headers)).toThrow();
    expect(headers['x-webhook-signature']).toBe(hexHmac(rawSecret, body));
  });

  it.each([
    ['base64 that does not decode', 'whsec_not*base64!'],
    ['nothing after the prefix', 'whsec_'],
    ['fewer than 24 bytes', `whsec_${randomBytes(23).toString('base64')}`],
  ])('refuses a whsec_ secret with %s: 400 naming the field, nothing stored', async (_what, secret) => {
    const { server, url } = await setup();
    const response = await request(server.app).post('/v1/webhooks').send({ url, events: ['*'], secret }).expect(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_request', details: [{ path: 'secret', message: expect.stringContaining('whsec_') }] } });
    expect(response.body.error.message).toContain('secret');
    expect((await request(server.app).get('/v1/webhooks').expect(200)).body).toEqual({ subscriptions: [] });
  });
});

describe('webhook delivery never slows executions down', () => {
  it('answers 200 concurrent sync executions before a slow (≥ 5 s) receiver answers any delivery; none is lost', async () => {
    const { server, service, receiver, url } = await setup({ retryDelaysMs: [20, 40, 80], timeoutMs: 30_000 });
    // Each answer waits 5 s AND until every execution has been answered: whatever the machine's load,
    // an execution that waited on its delivery would never finish, so the proof holds without a clock.
    let releaseAnswers = (): void => undefined;
    const executionsDone = new Promise<void>((resolve) => (releaseAnswers = resolve));
    receiver.answer = (_received, response) =>
      receiver.later(5_000, () => void executionsDone.then(() => response.writeHead(200).end()));
    await subscribe(server, { url, events: ['skill.completed'] });
    const listening = await listen(server.app);
    cleanup.push(() => listening.close());

    const arrivals = await Promise.all(
      Array.from({ length: 200 }, async (_unused, index) => {
        const response = await fetch(`${listening.url}/v1/skills/math.sum/execute`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ inputs: { a: index, b: 1 } }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await response.json()) as { outputs?: { sum?: number } };
        expect(response.status).toBe(200);
        expect(body.outputs?.sum).toBe(index + 1);
        return Date.now();
      }),
    );
    const lastArrival = Math.max(...arrivals);
    expect(receiver.answeredAt).toHaveLength(0);
    expect(receiver.received.length).toBeGreaterThan(0);
    releaseAnswers();

    await waitFor('the first delivery answer', () => receiver.answeredAt.length > 0, 15_000);
    expect(lastArrival).toBeLessThan(Math.min(...receiver.answeredAt));
    await waitFor('the first delivery to count', () => service.webhookStats().delivered > 0, 5_000);
    expect(service.webhookStats().subscriptions_matched).toBe(200);
    await waitFor('every delivery to be accounted for', () => accountedFor(service) === 200, 20_000);
    expect(service.webhookStats()).toMatchObject({ overflowed: 0 });
  }, 60_000);
});

describe('bad receivers', () => {
  const cases: [string, (receiver: WebhookReceiver) => void, RegExp][] = [
    ['hangs past the attempt timeout', (receiver) => (receiver.answer = () => undefined), /did not answer within 300 ms/],
    ['answers 500', (receiver) => (receiver.answer = (_r, response) => response.writeHead(500).end('down')), /^HTTP 500$/],
    ['answers 410', (receiver) => (receiver.answer = (_r, response) => response.writeHead(410).end('gone')), /^HTTP 410$/],
    ['resets the connection', (receiver) => (receiver.answer = (_r, _response, req) => req.socket.destroy()), /ECONNRESET|socket hang up|could not be reached/],
    [
      'streams a huge body with a 200',
      (receiver) =>
        (receiver.answer = (_r, response) => {
          response.writeHead(200, { 'content-type': 'application/octet-stream' });
          response.end(Buffer.alloc(4 * 1024 * 1024, 'x'));
        }),
      /exceeds \d+ bytes/,
    ],
  ];

  it.each(cases)('a receiver that %s fails every attempt and ends as a dead letter after 4', async (_name, arrange, lastError) => {
    const { server, service, receiver, url } = await setup({ retryDelaysMs: [20, 40, 80], timeoutMs: 300 });
    arrange(receiver);
    const subscription = await subscribe(server, { url, events: ['skill.completed'] });
    await request(server.app).post('/v1/skills/math.sum/execute').send({ inputs: { a: 1, b: 2 } }).expect(200);
    await waitFor('the dead letter', () => service.webhookStats().dead_lettered === 1 && service.webhookStats().in_flight === 0, 10_000);

    expect(service.webhookStats()).toMatchObject({
      subscriptions_matched: 1,
      delivered: 0,
      failed_attempts: 4,
      dead_lettered: 1,
      dead_letters: 1,
      queued: 0,
      in_flight: 0,
      retrying: 0,
    });
    expect(receiver.received).toHaveLength(4);
    const letters = (await request(server.app).get('/v1/webhooks/dead-letters').expect(200)).body.dead_letters as Record<string, unknown>[];
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ subscription_id: subscription, url, event: 'skill.completed', attempts: 4, last_error: expect.stringMatching(lastError) });
  });
});

describe('bad subscriptions', () => {
  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'http://user:pw@127.0.0.1:1/', 'http://10.0.0.1/', 'http://169.254.169.254/'])(
    'refuses the URL %s with 400 and the contract error payload',
    async (badUrl) => {
      const { server } = await setup();
      const refused = await request(server.app).post('/v1/webhooks').send({ url: badUrl, events: ['*'] }).expect(400);
      expectContractError(refused.body, 'invalid_request');
      expect((await request(server.app).get('/v1/webhooks').expect(200)).body).toEqual({ subscriptions: [] });
    },
  );

  it.each([[42], [{ value: 'hush' }]])('refuses a secret of the wrong type (%j) with 400', async (secret) => {
    const { server, url } = await setup();
    const refused = await request(server.app).post('/v1/webhooks').send({ url, events: ['*'], secret }).expect(400);
    expectContractError(refused.body, 'invalid_request');
  });

  it('answers 409 limit_exceeded for the 101st subscription', async () => {
    const { server, url } = await setup();
    for (let index = 0; index < 100; index += 1) await subscribe(server, { url, events: ['*'] });
    const refused = await request(server.app).post('/v1/webhooks').send({ url, events: ['*'] }).expect(409);
    expectContractError(refused.body, 'limit_exceeded');
    expect(((await request(server.app).get('/v1/webhooks').expect(200)).body as { subscriptions: unknown[] }).subscriptions).toHaveLength(100);
  });
});
