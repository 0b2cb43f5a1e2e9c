import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import { WebhookReceiver } from '@skill-service/test-support';
import type { ServerApp } from './app.js';
import { openTestService, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(30_000);

const cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()));
});

async function setup(): Promise<{ server: ServerApp; service: SkillService; receiver: WebhookReceiver; url: string }> {
  const service = await openTestService({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1' }, { webhooks: { retryDelaysMs: [20, 40, 80], timeoutMs: 2_000 } });
  const receiver = new WebhookReceiver();
  const url = await receiver.start();
  cleanup.push(() => service.close(), () => receiver.close());
  return { server: testApp(service), service, receiver, url };
}

async function subscribe(server: ServerApp, body: Record<string, unknown>): Promise<string> {
  const created = await request(server.app).post('/v1/webhooks').send(body).expect(201);
  return (created.body as { id: string }).id;
}

describe('webhooks over HTTP', () => {
  it('creates (secret not answered), lists and deletes subscriptions; 404 for an unknown id', async () => {
    const { server, url } = await setup();
    const created = await request(server.app).post('/v1/webhooks').send({ url, events: ['skill.completed', '*'], secret: 'hush' }).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), url, events: ['skill.completed', '*'], active: true });
    const id = (created.body as { id: string }).id;
    const listed = await request(server.app).get('/v1/webhooks').expect(200);
    expect(listed.body).toEqual({ subscriptions: [created.body] });
    expect(JSON.stringify(listed.body)).not.toContain('hush');
    expect((await request(server.app).delete(`/v1/webhooks/${id}`).expect(200)).body).toEqual({ deleted: id });
    const missing = await request(server.app).delete(`/v1/webhooks/${id}`).expect(404);
    expect(missing.body.error.code).toBe('not_found');
    await request(server.app).post('/v1/webhooks').send({ url, events: ['skill.exploded'] }).expect(400);
    await request(server.app).post('/v1/webhooks').send({ url: 'ftp://127.0.0.1/x', events: ['*'] }).expect(400);
  });

  it('refuses a URL the outbound guard blocks (loopback not allow-listed)', async () => {
    const service = await openTestService();
    cleanup.push(() => service.close());
    const refused = await request(testApp(service).app).post('/v1/webhooks').send({ url: 'http://127.0.0.1:9/hook', events: ['*'] }).expect(400);
    expect(refused.body.error.code).toBe('invalid_request');
  });

  it('delivers a signed skill.completed for a sync execute, verifiable with node:crypto', async () => {
    const { server, receiver, url } = await setup();
    await subscribe(server, { url, events: ['skill.completed'], secret: 'webhook-secret' });
    await request(server.app).post('/v1/skills/math.sum/execute').set('x-trace-id', 'wh-1').send({ inputs: { a: 1, b: 2 } }).expect(200);
    await waitFor('the delivery', () => receiver.received.length === 1);

    const [delivery] = receiver.received;
    if (delivery === undefined) throw new Error('no delivery');
    expect(delivery.headers['content-type']).toBe('application/json');
    const hex = createHmac('sha256', Buffer.from('webhook-secret', 'utf8')).update(delivery.body).digest('hex');
    expect(delivery.headers['x-webhook-signature']).toBe(`sha256=${hex}`);
    const id = String(delivery.headers['webhook-id']);
    const timestamp = String(delivery.headers['webhook-timestamp']);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const standard = createHmac('sha256', 'webhook-secret').update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
    expect(delivery.headers['webhook-signature']).toBe(`v1,${standard}`);
    expect(JSON.parse(delivery.body)).toEqual({
      event: 'skill.completed',
      data: { skill_id: 'math.sum', status: 'completed', outputs: ['sum'], duration_ms: expect.any(Number) },
      timestamp: expect.any(Number),
      trace_id: 'wh-1',
    });
  });

  it('fires skill.started and skill.failed (with the error) for a failing execution', async () => {
    const { server, receiver, url } = await setup();
    await subscribe(server, { url, events: ['*'] });
    await request(server.app).post('/v1/skills/text.shout-then-fail/execute').send({ inputs: { text: 'x' } });
    await waitFor('two deliveries', () => receiver.received.length === 2);
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: Record<string, unknown> });
    expect(bodies.map((b) => b.event).sort()).toEqual(['skill.failed', 'skill.started']);
    const failed = bodies.find((b) => b.event === 'skill.failed');
    expect(failed?.data).toEqual({ skill_id: 'text.shout-then-fail', status: 'failed', error: { code: expect.any(String), message: expect.stringContaining('explode') }, duration_ms: expect.any(Number) });
    expect(receiver.received[0]?.headers['x-webhook-signature']).toBeUndefined();
  });

  it('fires events for the stream and async channels, run events with the run id', async () => {
    const { server, receiver, url } = await setup();
    await subscribe(server, { url, events: ['skill.completed', 'run.completed'] });
    await request(server.app).post('/v1/skills/math.sum/execute/stream').send({ inputs: { a: 2, b: 3 } }).expect(200);
    await waitFor('the stream delivery', () => receiver.received.length === 1);
    const launch = await request(server.app).post('/v1/skills/math.sum/execute/async').send({ inputs: { a: 1, b: 1 } }).expect(202);
    await waitFor('the run deliveries', () => receiver.received.length === 3);
    const events = receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: Record<string, unknown> });
    expect(events[0]).toMatchObject({ event: 'skill.completed', data: { skill_id: 'math.sum', outputs: ['sum'] } });
    expect(events.slice(1).map((e) => e.event).sort()).toEqual(['run.completed', 'skill.completed']);
    expect(events.find((e) => e.event === 'run.completed')?.data).toMatchObject({ run_id: launch.body.run_id, status: 'completed', outputs: ['sum'] });
  });

  it('retries a failing receiver, dead-letters after 4 attempts, and replays it', async () => {
    const { server, service, receiver, url } = await setup();
    receiver.answer = (_received, response) => response.writeHead(500).end('down');
    const subscription = await subscribe(server, { url, events: ['skill.completed'] });
    await request(server.app).post('/v1/skills/math.sum/execute').send({ inputs: { a: 1, b: 2 } }).expect(200);
    let letters: Record<string, unknown>[] = [];
    await waitFor('the dead letter', async () => {
      letters = (await request(server.app).get('/v1/webhooks/dead-letters').expect(200)).body.dead_letters as Record<string, unknown>[];
      return letters.length === 1;
    });
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [letter] = letters;
    expect(letter).toMatchObject({ subscription_id: subscription, url, event: 'skill.completed', attempts: 4, last_error: 'HTTP 500' });
    expect(letter?.['payload']).toEqual(JSON.parse(receiver.received[0]?.body ?? ''));
    expect(service.webhookStats()).toMatchObject({ delivered: 0, failed_attempts: 4, dead_lettered: 1 });

    receiver.answer = (_received, response) => response.writeHead(204).end();
    const id = String(letter?.['id']);
    expect((await request(server.app).post(`/v1/webhooks/dead-letters/${id}/replay`).expect(200)).body).toEqual({ replayed: id });
    await waitFor('the replayed delivery', () => service.webhookStats().delivered === 1);
    expect(receiver.received[4]?.body).toBe(receiver.received[0]?.body);
    // Receivers de-duplicate on webhook-id: the replay is the same delivery, so it keeps the dead letter's id.
    expect(receiver.received[4]?.headers['webhook-id']).toBe(id);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(id);
    expect((await request(server.app).get('/v1/webhooks/dead-letters').expect(200)).body).toEqual({ dead_letters: [] });
    await request(server.app).post(`/v1/webhooks/dead-letters/${id}/replay`).expect(404);
  });

  it('treats a 302 as a failure and never follows it', async () => {
    const { server, receiver, url } = await setup();
    receiver.answer = (received, response) => {
      if (received.path === '/hook') response.writeHead(302, { location: '/elsewhere' }).end();
      else response.writeHead(200).end();
    };
    await subscribe(server, { url, events: ['skill.completed'] });
    await request(server.app).post('/v1/skills/math.sum/execute').send({ inputs: { a: 1, b: 2 } }).expect(200);
    let letters: Record<string, unknown>[] = [];
    await waitFor('the dead letter', async () => {
      letters = (await request(server.app).get('/v1/webhooks/dead-letters').expect(200)).body.dead_letters as Record<string, unknown>[];
      return letters.length === 1;
    });
    expect(letters[0]).toMatchObject({ attempts: 4, last_error: 'HTTP 302' });
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook', '/hook', '/hook', '/hook']);
  });

  it('answers execute while the receiver is still holding the delivery', async () => {
    const { server, service, receiver, url } = await setup();
    const held: ServerResponse[] = [];
    receiver.answer = (_received, response) => held.push(response);
    await subscribe(server, { url, events: ['*'] });
    const answer = await request(server.app).post('/v1/skills/math.sum/execute').send({ inputs: { a: 1, b: 2 } }).expect(200);
    expect(answer.body.outputs).toEqual({ sum: 3 });
    expect(receiver.answeredAt).toHaveLength(0);
    await waitFor('both deliveries to arrive', () => held.length === 2);
    expect(receiver.answeredAt).toHaveLength(0);
    for (const response of held) response.writeHead(200).end();
    await waitFor('both deliveries to complete', () => service.webhookStats().delivered === 2);
  });

  it('describes the webhook routes and the delivery payload in /openapi.json', async () => {
    const { server } = await setup();
    const document = (await request(server.app).get('/openapi.json').expect(200)).body as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(document['paths'] ?? {})).toEqual(
      expect.arrayContaining(['/v1/webhooks', '/v1/webhooks/{webhook_id}', '/v1/webhooks/dead-letters', '/v1/webhooks/dead-letters/{dead_letter_id}/replay']),
    );
    // Open server (no credentials configured): no role or security requirement is described.
    expect(document['paths']?.['/v1/webhooks']?.['post']).toMatchObject({ operationId: 'createWebhook', security: [] });
    expect(document['webhooks']?.['webhookDelivery']).toMatchObject({
      post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookDeliveryPayload' } } } } },
    });
    expect(Object.keys(document['components']?.['schemas'] ?? {})).toEqual(
      expect.arrayContaining(['WebhookDeliveryPayload', 'WebhookSubscription', 'DeadLetter', 'WebhookEventData']),
    );
  });
});
