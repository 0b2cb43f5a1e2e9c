import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { WebhookEventData } from '@skill-service/contracts';
import { WebhookDispatcher, WebhookRegistry } from '@skill-service/webhooks';
import { eventually, WebhookReceiver } from '@skill-service/test-support';
import { prefixedKey } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';
import { deliveryRig } from '../testing/delivery-contract.js';
import { RedisProxy } from '../testing/redis-proxy.js';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { fetchPost } from '../testing/fetch-post.js';
import { DELIVERY_QUEUE_NAME } from './bullmq-delivery-queue.js';
import { RedisDeadLetterStore } from './redis-dead-letter-store.js';
import { createRedisWebhookState, type RedisWebhookState } from './redis-webhook-state.js';

// Webhook state shared by several processes (each "process" here is its own state: its own
// connections, worker and dispatcher on one prefix), persistence, faults and foreign values.

jest.setTimeout(60_000);

const DATA: WebhookEventData = { skill_id: 'math.sum', status: 'completed', outputs: ['sum'], duration_ms: 1 };

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

function prefixFor(label: string): RedisSettings {
  const settings = testRedisSettings(label);
  cleanup.push(() => removePrefix(settings));
  return settings;
}

async function processOn(settings: RedisSettings, receiver: WebhookReceiver, retryDelaysMs: readonly number[] = [50, 50, 50]) {
  return deliveryRig(await createRedisWebhookState(settings, { retryDelaysMs }), cleanup, 2_000, receiver);
}

async function raw(settings: RedisSettings): Promise<Redis> {
  const client = new Redis(settings.url);
  cleanup.push(async () => {
    client.disconnect();
  });
  return client;
}

describe('webhooks on Redis across processes', () => {
  it('an event fired in either process is delivered exactly once per matching subscription', async () => {
    const settings = prefixFor('wh-two');
    const receiver = new WebhookReceiver();
    const a = await processOn(settings, receiver);
    const b = await processOn(settings, receiver);
    await a.registry.create({ url: a.url, events: ['*'] });
    await b.registry.create({ url: `${a.url}?b`, events: ['skill.completed'] });
    await a.registry.create({ url: `${a.url}?c`, events: ['skill.completed', 'run.completed'] });
    await b.registry.create({ url: `${a.url}?none`, events: ['run.failed'] });
    expect(await b.registry.list()).toEqual(await a.registry.list());

    for (let i = 0; i < 10; i += 1) {
      const from = i % 2 === 0 ? a : b;
      expect(await from.dispatcher.publish('skill.completed', DATA, `trace-${i}`)).toBe(3);
    }
    await eventually('30 deliveries', () => receiver.received.length >= 30);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(30);
    expect(new Set(receiver.ids()).size).toBe(30);
    // Each (trace, subscription) pair exactly once.
    const pairs = receiver.received.map((delivery) => `${(JSON.parse(delivery.body) as { trace_id: string }).trace_id}`);
    for (let i = 0; i < 10; i += 1) expect(pairs.filter((trace) => trace === `trace-${i}`)).toHaveLength(3);
    await eventually('both workers to count their deliveries', () => a.dispatcher.stats().delivered + b.dispatcher.stats().delivered === 30);
  });

  it('a dead letter made in one process is listed and replayed from the other with its webhook-id', async () => {
    const settings = prefixFor('wh-replay');
    const receiver = new WebhookReceiver();
    receiver.answer = (_delivery, response) => response.writeHead(500).end();
    const a = await processOn(settings, receiver, []);
    const b = await processOn(settings, receiver, []);
    await a.registry.create({ url: a.url, events: ['skill.completed'] });
    await a.dispatcher.publish('skill.completed', DATA, 'from-a');
    await eventually('the dead letter', async () => (await b.dispatcher.listDeadLetters()).length === 1);
    const [letter] = await b.dispatcher.listDeadLetters();
    expect(await a.dispatcher.listDeadLetters()).toEqual([letter]);
    expect(letter).toMatchObject({ id: receiver.ids()[0], attempts: 1, last_error: 'HTTP 500' });

    receiver.answer = (_delivery, response) => response.writeHead(200).end();
    expect(await b.dispatcher.replay(String(letter?.id))).toEqual({ replayed: letter?.id });
    await eventually('the replay', () => receiver.received.length === 2);
    expect(receiver.ids()).toEqual([letter?.id, letter?.id]);
    expect(await a.dispatcher.listDeadLetters()).toEqual([]);
    await expect(a.dispatcher.replay(String(letter?.id))).rejects.toMatchObject({ code: 'not_found' });
  });

  it('subscriptions and dead letters outlive the processes that made them', async () => {
    const settings = prefixFor('wh-persist');
    const receiver = new WebhookReceiver();
    receiver.answer = (_delivery, response) => response.writeHead(410).end();
    const first = await createRedisWebhookState(settings, { retryDelaysMs: [] });
    const url = await receiver.start();
    cleanup.push(() => receiver.close());
    const registry = new WebhookRegistry({ checkUrl: async () => undefined, store: first.subscriptions });
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post: fetchPost, queue: first.deliveries, deadLetters: first.deadLetters });
    const created = await registry.create({ url, events: ['*'], secret: 'kept' });
    await dispatcher.publish('skill.failed', DATA, 't');
    await eventually('the dead letter', async () => (await dispatcher.listDeadLetters()).length === 1);
    await dispatcher.close(1_000);
    await first.close();

    const { registry: again, dispatcher: restarted } = await deliveryRig(await createRedisWebhookState(settings, { retryDelaysMs: [] }), cleanup, 2_000, receiver);
    expect(await again.list()).toEqual([created]);
    expect((await again.get(created.id))?.secret).toBe('kept');
    expect(await restarted.listDeadLetters()).toEqual([expect.objectContaining({ subscription_id: created.id, last_error: 'HTTP 410' })]);
  });

  it('a delivery whose process died mid-attempt is taken by another process, with the same webhook-id', async () => {
    const settings = prefixFor('wh-died');
    const receiver = new WebhookReceiver();
    let first = true;
    // The first attempt is held (its process "dies" meanwhile); later ones are answered.
    receiver.answer = (_delivery, response) => {
      if (first) first = false;
      else response.writeHead(204).end();
    };
    const dying = await createRedisWebhookState(settings, { lockDurationMs: 1_000 });
    const a = await deliveryRig(dying, cleanup, 30_000, receiver);
    await a.registry.create({ url: a.url, events: ['*'] });
    await a.dispatcher.publish('skill.completed', DATA, 'orphaned');
    await eventually('the first attempt to reach the receiver', () => receiver.received.length === 1);
    // The process is gone: its worker and connections stop without settling the job.
    await dying.close();

    const b = await deliveryRig(await createRedisWebhookState(settings, { lockDurationMs: 1_000 }), cleanup, 2_000, receiver);
    await eventually('the delivery to be taken again by the other process', () => receiver.received.length === 2);
    expect(receiver.ids()).toEqual([receiver.ids()[0], receiver.ids()[0]]);
    await eventually('it to count as delivered there', () => b.dispatcher.stats().delivered === 1);
    expect(await b.dispatcher.listDeadLetters()).toEqual([]);
  });

  it('the cap of 100 holds for the deployment when two processes create at once', async () => {
    const settings = prefixFor('wh-cap');
    const receiver = new WebhookReceiver();
    const a = await processOn(settings, receiver);
    const b = await processOn(settings, receiver);
    const create = (rig: typeof a, i: number) => rig.registry.create({ url: `https://example.com/${i}`, events: ['*'] });
    const outcomes = await Promise.allSettled(Array.from({ length: 120 }, (_x, i) => create(i % 2 === 0 ? a : b, i)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(100);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').every((outcome) => (outcome as PromiseRejectedResult).reason.code === 'limit_exceeded')).toBe(true);
    expect(await a.registry.count()).toBe(100);
  });
});

describe('foreign or corrupted values under the prefix', () => {
  it('answer typed errors naming the key, are skipped when matching events, and never crash the worker', async () => {
    const settings = prefixFor('wh-corrupt');
    const receiver = new WebhookReceiver();
    const rig = await processOn(settings, receiver, []);
    const good = await rig.registry.create({ url: rig.url, events: ['*'] });
    const client = await raw(settings);
    await client.hset(prefixedKey(settings, 'webhooks', 'subscriptions'), 'bad', '{"id":"bad","url":42}');
    await client.zadd(prefixedKey(settings, 'webhooks', 'subscription-order'), 999, 'bad');
    await client.hset(prefixedKey(settings, 'webhooks', 'dead-letters'), 'junk', 'not json at all');
    await client.zadd(prefixedKey(settings, 'webhooks', 'dead-letter-order'), 1, 'junk');

    await expect(rig.registry.list()).rejects.toMatchObject({ code: 'internal_error', message: expect.stringContaining("The webhook subscription 'bad' in Redis is not one this service wrote") });
    await expect(rig.registry.get('bad')).rejects.toMatchObject({ code: 'internal_error' });
    await expect(rig.dispatcher.listDeadLetters()).rejects.toMatchObject({ code: 'internal_error', message: expect.stringContaining('dead-letters') });
    await expect(rig.dispatcher.replay('junk')).rejects.toMatchObject({ code: 'internal_error' });

    // A job this service did not queue fails alone; the real delivery still goes out.
    const foreign = new Queue(DELIVERY_QUEUE_NAME, { connection: client, prefix: settings.prefix });
    await foreign.add('skill.completed', { hello: 'world' });
    await foreign.close();
    expect(await rig.dispatcher.publish('skill.completed', DATA, 'after-corruption')).toBe(1);
    await eventually('the delivery to the good subscription', () => receiver.received.length === 1);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({ trace_id: 'after-corruption' });
    expect(await rig.registry.delete(good.id)).toEqual({ deleted: good.id });

    // A key of another type where the subscriptions live.
    await client.del(prefixedKey(settings, 'webhooks', 'subscriptions'));
    await client.set(prefixedKey(settings, 'webhooks', 'subscriptions'), 'a string');
    await expect(rig.registry.count()).rejects.toMatchObject({ code: 'internal_error', message: expect.stringContaining('not one this service wrote') });
    await expect(rig.registry.create({ url: rig.url, events: ['*'] })).rejects.toMatchObject({ code: 'internal_error' });
    expect(await rig.dispatcher.publish('skill.completed', DATA, 't')).toBe(0);
    expect(rig.dispatcher.stats().events_lost).toBe(1);

    // A damaged counter: the dead letters' sequence is not a number.
    await client.del(prefixedKey(settings, 'webhooks', 'dead-letters'), prefixedKey(settings, 'webhooks', 'dead-letter-order'));
    await client.set(prefixedKey(settings, 'webhooks', 'dead-letter-sequence'), 'not a number');
    const damaged = await new RedisDeadLetterStore(client, settings, 10)
      .add({ id: 'x', subscription_id: 's', url: rig.url, event: 'skill.completed', attempts: 1, last_error: 'e', failed_at: new Date().toISOString(), payload: { event: 'skill.completed', data: DATA, timestamp: 1, trace_id: 't' } })
      .catch((error: unknown) => error);
    expect(damaged).toMatchObject({ code: 'internal_error', message: expect.stringContaining('not an integer') });
    expect((damaged as Error).message).not.toContain('@user_script');
  });
});

describe('a dead letter Redis refuses for a while', () => {
  it('is kept once Redis takes it, and the delivery is not attempted again meanwhile', async () => {
    const settings = prefixFor('wh-keep-letter');
    const receiver = new WebhookReceiver();
    receiver.answer = (_delivery, response) => response.writeHead(500).end();
    const rig = await processOn(settings, receiver, []);
    await rig.registry.create({ url: rig.url, events: ['*'] });
    const client = await raw(settings);
    const sequence = prefixedKey(settings, 'webhooks', 'dead-letter-sequence');
    await client.set(sequence, 'damaged');
    await rig.dispatcher.publish('skill.completed', DATA, 'kept-later');
    await eventually('the only attempt', () => receiver.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await rig.dispatcher.listDeadLetters()).toEqual([]);

    await client.del(sequence);
    await eventually('the dead letter', async () => (await rig.dispatcher.listDeadLetters()).length === 1);
    expect((await rig.dispatcher.listDeadLetters())[0]).toMatchObject({ id: receiver.ids()[0], attempts: 1, last_error: 'HTTP 500' });
    expect(receiver.received).toHaveLength(1);
  });
});

describe('Redis lost and back', () => {
  it('webhook operations answer 503 while Redis is away, events are counted as lost, and all resumes without a restart', async () => {
    const settings = prefixFor('wh-down');
    const proxy = new RedisProxy(settings);
    const through = await proxy.start();
    cleanup.push(() => proxy.stop());
    const receiver = new WebhookReceiver();
    const errors: string[] = [];
    const state: RedisWebhookState = await createRedisWebhookState(through, { retryDelaysMs: [], onError: (what) => errors.push(what) });
    const rig = await deliveryRig(state, cleanup, 2_000, receiver);
    const subscription = await rig.registry.create({ url: rig.url, events: ['*'] });

    await proxy.stop();
    const unavailable = { code: 'service_unavailable', status: 503, message: expect.stringContaining('Redis is unavailable') };
    await expect(rig.registry.create({ url: rig.url, events: ['*'] })).rejects.toMatchObject(unavailable);
    await expect(rig.registry.list()).rejects.toMatchObject(unavailable);
    await expect(rig.registry.delete(subscription.id)).rejects.toMatchObject(unavailable);
    await expect(rig.dispatcher.listDeadLetters()).rejects.toMatchObject(unavailable);
    await expect(rig.dispatcher.replay('any')).rejects.toMatchObject(unavailable);
    expect(await rig.dispatcher.publish('skill.completed', DATA, 'lost')).toBe(0);
    expect(rig.dispatcher.stats().events_lost).toBe(1);
    expect(errors.length).toBeGreaterThan(0);

    await proxy.start();
    await eventually('the store to answer again', async () => {
      try {
        return (await rig.registry.list()).length === 1;
      } catch {
        return false;
      }
    });
    await eventually('an event to be queued again', async () => (await rig.dispatcher.publish('skill.completed', DATA, 'back')) === 1);
    await eventually('the worker to deliver it', () => receiver.received.some((delivery) => delivery.body.includes('"back"')));
    expect(receiver.received.some((delivery) => delivery.body.includes('"lost"'))).toBe(false);
  });

  it('refuses to open when Redis cannot be reached, naming the URL without its password', async () => {
    const settings = { url: 'redis://:s3cret@127.0.0.1:1', prefix: 'unreachable' };
    await expect(createRedisWebhookState(settings)).rejects.toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('Redis at redis://:***@127.0.0.1:1 is unreachable'),
    });
  });
});
