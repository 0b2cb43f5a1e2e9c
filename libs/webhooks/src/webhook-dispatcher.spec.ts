import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { WebhookEventData } from '@skill-service/contracts';
import { WebhookDispatcher, type WebhookPost } from './webhook-dispatcher.js';
import { WebhookRegistry } from './webhook-registry.js';

interface Sent {
  url: string;
  body: string;
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
}

const DATA: WebhookEventData = { skill_id: 'math.sum', status: 'completed', outputs: ['sum'], duration_ms: 12.5 };

async function registryWith(...subscriptions: { url: string; events: string[]; secret?: string }[]): Promise<WebhookRegistry> {
  let n = 0;
  const registry = new WebhookRegistry({ checkUrl: async () => undefined, newId: () => `sub-${++n}` });
  for (const subscription of subscriptions) await registry.create(subscription);
  return registry;
}

function recorder(answer: (sent: Sent, index: number) => Promise<number> | number): { sent: Sent[]; post: WebhookPost } {
  const sent: Sent[] = [];
  return {
    sent,
    post: async (url, body, headers, { timeoutMs }) => {
      const entry = { url, body, headers, timeoutMs };
      sent.push(entry);
      return { status: await answer(entry, sent.length - 1) };
    },
  };
}

async function settle(dispatcher: WebhookDispatcher): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const stats = dispatcher.stats();
    if (stats.queued === 0 && stats.in_flight === 0 && stats.retrying === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('dispatcher did not settle');
}

describe('WebhookDispatcher', () => {
  it('delivers the payload to each matching subscription, signed with the secret, and returns at once', async () => {
    const registry = await registryWith(
      { url: 'https://a.example/in', events: ['skill.completed'], secret: 'topsecret' },
      { url: 'https://b.example/in', events: ['run.failed'] },
    );
    const { sent, post } = recorder(() => 200);
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post, now: () => 1_700_000_000_500, newId: () => 'msg_1' });

    expect(await dispatcher.publish('skill.completed', DATA, 'trace-1')).toBe(1);
    expect(sent).toHaveLength(1); // started once queued, answered later
    await settle(dispatcher);

    const [delivery] = sent;
    if (delivery === undefined) throw new Error('no delivery');
    expect(delivery.url).toBe('https://a.example/in');
    expect(delivery.timeoutMs).toBe(10_000);
    expect(JSON.parse(delivery.body)).toEqual({ event: 'skill.completed', data: DATA, timestamp: 1_700_000_000.5, trace_id: 'trace-1' });
    const hex = createHmac('sha256', 'topsecret').update(delivery.body).digest('hex');
    const standard = createHmac('sha256', 'topsecret').update(`msg_1.1700000000.${delivery.body}`).digest('base64');
    expect(delivery.headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1700000000',
      'x-webhook-signature': `sha256=${hex}`,
      'webhook-signature': `v1,${standard}`,
    });
    expect(dispatcher.stats()).toMatchObject({ delivered: 1, failed_attempts: 0, dead_lettered: 0 });
  });

  it('sends no signature without a secret and nothing for unmatched events', async () => {
    const registry = await registryWith({ url: 'https://a.example/in', events: ['*'] });
    const { sent, post } = recorder(() => 204);
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post });
    await dispatcher.publish('run.completed', { ...DATA, run_id: 'r1' }, 't');
    await settle(dispatcher);
    expect(sent[0]?.headers['x-webhook-signature']).toBeUndefined();
    expect(sent[0]?.headers['webhook-signature']).toBeUndefined();

    const none = new WebhookDispatcher({ subscriptions: await registryWith({ url: 'https://a.example/in', events: ['skill.failed'] }), post });
    expect(await none.publish('skill.completed', DATA, 't')).toBe(0);
  });

  it('retries after the configured delays, then dead-letters after 4 failed attempts, and replays', async () => {
    const registry = await registryWith({ url: 'https://a.example/in', events: ['*'] });
    let healthy = false;
    const { sent, post } = recorder((_sent, index) => {
      if (healthy) return 200;
      if (index === 1) throw new Error('connection refused');
      return index === 2 ? 302 : 500;
    });
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post, retryDelaysMs: [1, 2, 3], newId: () => 'd1' });
    await dispatcher.publish('skill.failed', { skill_id: 's', status: 'failed', error: { code: 'upstream_failure', message: 'x' }, duration_ms: 1 }, 't');
    await settle(dispatcher);

    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((s) => s.headers['webhook-id']))).toEqual(new Set(['d1']));
    expect(dispatcher.stats()).toMatchObject({ delivered: 0, failed_attempts: 4, dead_lettered: 1, dead_letters: 1 });
    const [letter] = await dispatcher.listDeadLetters();
    expect(letter).toMatchObject({ id: 'd1', subscription_id: 'sub-1', url: 'https://a.example/in', event: 'skill.failed', attempts: 4, last_error: 'HTTP 500' });

    healthy = true;
    expect(await dispatcher.replay('d1')).toEqual({ replayed: 'd1' });
    await settle(dispatcher);
    expect(sent).toHaveLength(5);
    expect(sent[4]?.body).toBe(sent[0]?.body);
    // The replay is the same delivery to the receiver: the original webhook-id, so it can de-duplicate.
    expect(sent[4]?.headers['webhook-id']).toBe('d1');
    expect(await dispatcher.listDeadLetters()).toEqual([]);
    expect(dispatcher.stats()).toMatchObject({ delivered: 1, failed_attempts: 4, dead_lettered: 1, dead_letters: 0 });
    await expect(dispatcher.replay('d1')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses to replay a dead letter whose subscription was deleted, naming both, and keeps the letter', async () => {
    const registry = await registryWith({ url: 'https://a.example/in', events: ['*'] });
    const { sent, post } = recorder(() => 500);
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post, retryDelaysMs: [], newId: () => 'd2' });
    await dispatcher.publish('skill.completed', DATA, 't');
    await settle(dispatcher);
    expect((await dispatcher.listDeadLetters()).map((letter) => letter.id)).toEqual(['d2']);
    await registry.delete('sub-1');

    await expect(dispatcher.replay('d2')).rejects.toMatchObject({
      code: 'not_found',
      message: "Webhook subscription 'sub-1' of dead letter 'd2' no longer exists",
    });
    expect((await dispatcher.listDeadLetters()).map((letter) => letter.id)).toEqual(['d2']);
    expect(sent).toHaveLength(1);
  });

  it('bounds concurrency', async () => {
    const registry = await registryWith({ url: 'https://a.example/in', events: ['*'] });
    let inFlight = 0;
    let peak = 0;
    const { post } = recorder(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 3));
      inFlight -= 1;
      return 200;
    });
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post, concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, (_x, i) => dispatcher.publish('skill.started', DATA, `t${i}`)));
    await settle(dispatcher);
    expect(peak).toBe(2);
    expect(dispatcher.stats().delivered).toBe(6);
  });

  it('dead-letters deliveries that overflow the queue, and keeps a bounded dead-letter queue', async () => {
    const registry = await registryWith({ url: 'https://a.example/in', events: ['*'] });
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { post } = recorder(async () => {
      await gate;
      return 200;
    });
    let n = 0;
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post, concurrency: 1, maxQueue: 2, maxDeadLetters: 2, newId: () => `d${++n}` });
    for (let i = 0; i < 6; i += 1) await dispatcher.publish('skill.started', DATA, `t${i}`);
    // 1 in flight, 2 queued, 3 overflowed; only the 2 newest dead letters kept.
    expect(dispatcher.stats()).toMatchObject({ in_flight: 1, queued: 2, overflowed: 3, dead_lettered: 3, dead_letters: 2, dead_letters_dropped: 1 });
    expect((await dispatcher.listDeadLetters()).map((d) => d.id)).toEqual(['d5', 'd6']);
    expect((await dispatcher.listDeadLetters())[0]).toMatchObject({ attempts: 0, last_error: expect.stringContaining('queue full') });
    release();
    await settle(dispatcher);
    expect(dispatcher.stats().delivered).toBe(3);
  });

  it('close waits (bounded) for attempts in flight and accepts nothing after', async () => {
    const registry = await registryWith({ url: 'https://a.example/in', events: ['*'] });
    const { sent, post } = recorder(() => new Promise<number>(() => undefined));
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post });
    await dispatcher.publish('skill.started', DATA, 't');
    const started = Date.now();
    await dispatcher.close(20);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await dispatcher.publish('skill.started', DATA, 't')).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('gives up on a receiver that never answers at the attempt timeout, even if the transport ignores it', async () => {
    const registry = await registryWith({ url: 'https://a.example/in', events: ['*'] });
    const signals: AbortSignal[] = [];
    const post: WebhookPost = async (_url, _body, _headers, { signal }) => {
      if (signal !== undefined) signals.push(signal);
      return new Promise<{ status: number }>(() => undefined);
    };
    const dispatcher = new WebhookDispatcher({ subscriptions: registry, post, timeoutMs: 30, retryDelaysMs: [1, 1, 1], newId: () => 'hang' });
    await dispatcher.publish('skill.started', DATA, 't');
    await settle(dispatcher);
    expect(dispatcher.stats()).toMatchObject({ failed_attempts: 4, dead_lettered: 1, in_flight: 0 });
    expect((await dispatcher.listDeadLetters())[0]).toMatchObject({ id: 'hang', attempts: 4, last_error: 'Webhook receiver did not answer within 30 ms' });
    expect(signals).toHaveLength(4);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('counts an event it cannot queue as lost, reports it, and never throws', async () => {
    const errors: string[] = [];
    let clock = 1_700_000_000_000;
    const dispatcher = new WebhookDispatcher({
      now: () => clock,
      subscriptions: {
        matching: async () => {
          throw new Error('store unreachable');
        },
        get: async () => undefined,
      },
      post: async () => ({ status: 200 }),
      onError: (what) => errors.push(what),
    });
    expect(await dispatcher.publish('skill.started', DATA, 't')).toBe(0);
    expect(dispatcher.stats()).toMatchObject({ events_lost: 1, subscriptions_matched: 0 });
    expect(errors).toEqual(['webhook event skill.started could not be queued']);
    // An outage does not flood the log: one report per 10 s, naming how many more were lost.
    for (let i = 0; i < 5; i += 1) await dispatcher.publish('skill.completed', DATA, 't');
    expect(errors).toHaveLength(1);
    clock += 10_000;
    await dispatcher.publish('skill.failed', DATA, 't');
    expect(errors).toEqual(['webhook event skill.started could not be queued', 'webhook event skill.failed could not be queued (and 5 more since the last report)']);
    expect(dispatcher.stats().events_lost).toBe(7);
  });
});
