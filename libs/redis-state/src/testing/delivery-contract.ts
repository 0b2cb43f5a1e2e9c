import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { WebhookEventData } from '@skill-service/contracts';
import { WebhookDispatcher, WebhookRegistry, type WebhookState } from '@skill-service/webhooks';
import { eventually, WebhookReceiver } from '@skill-service/test-support';
import { fetchPost } from './fetch-post.js';

// Test support only: the behaviour every delivery queue + dead-letter store pair must have, run by
// each adapter's spec against a real HTTP receiver on 127.0.0.1.

export interface WebhookStateOptions {
  readonly retryDelaysMs: readonly number[];
  readonly maxDeadLetters?: number;
}

/** Opens the adapter's state (a fresh, empty one each time) and says how to close it. */
export type OpenWebhookState = (options: WebhookStateOptions) => Promise<WebhookState & { close(): Promise<void> }>;

const DATA: WebhookEventData = { skill_id: 'math.sum', status: 'completed', outputs: ['sum'], duration_ms: 3 };

export interface DeliveryRig {
  readonly registry: WebhookRegistry;
  readonly dispatcher: WebhookDispatcher;
  readonly receiver: WebhookReceiver;
  readonly url: string;
}

/** A registry and dispatcher over `state`, with a receiver; everything closed by `cleanup`. */
export async function deliveryRig(
  state: WebhookState & { close(): Promise<void> },
  cleanup: (() => Promise<void>)[],
  timeoutMs = 2_000,
  receiver = new WebhookReceiver(),
): Promise<DeliveryRig> {
  const url = await receiver.start();
  const registry = new WebhookRegistry({ checkUrl: async () => undefined, store: state.subscriptions });
  const dispatcher = new WebhookDispatcher({ subscriptions: registry, post: fetchPost, queue: state.deliveries, deadLetters: state.deadLetters, timeoutMs });
  cleanup.push(async () => {
    await dispatcher.close(1_000);
    await state.close();
    await receiver.close();
  });
  return { registry, dispatcher, receiver, url };
}

export function deliveryContract(adapter: string, open: OpenWebhookState): void {
  describe(`DeliveryQueue and DeadLetterStore contract (${adapter})`, () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const close of cleanup.splice(0).reverse()) await close();
    });

    it('delivers each event once per matching subscription, signed, with one webhook-id per delivery', async () => {
      const { registry, dispatcher, receiver, url } = await deliveryRig(await open({ retryDelaysMs: [50, 50, 50] }), cleanup);
      await registry.create({ url, events: ['skill.completed'], secret: 'contract-secret' });
      await registry.create({ url: `${url}?second`, events: ['*'] });
      await registry.create({ url: `${url}?other`, events: ['run.failed'] });
      expect(await dispatcher.publish('skill.completed', DATA, 'trace-c1')).toBe(2);
      expect(await dispatcher.publish('skill.completed', DATA, 'trace-c2')).toBe(2);
      await eventually('four deliveries', () => receiver.received.length >= 4);
      // Nothing more arrives: exactly once each.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(4);
      expect(new Set(receiver.ids()).size).toBe(4);

      const signed = receiver.received.filter((delivery) => delivery.headers['x-webhook-signature'] !== undefined);
      expect(signed).toHaveLength(2);
      for (const delivery of signed) {
        const hex = createHmac('sha256', 'contract-secret').update(delivery.body).digest('hex');
        expect(delivery.headers['x-webhook-signature']).toBe(`sha256=${hex}`);
        const standard = createHmac('sha256', 'contract-secret')
          .update(`${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`)
          .digest('base64');
        expect(delivery.headers['webhook-signature']).toBe(`v1,${standard}`);
      }
      expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({ event: 'skill.completed', data: DATA, trace_id: expect.stringMatching(/^trace-c/) });
      await eventually('the delivered count', () => dispatcher.stats().delivered === 4);
    });

    it('retries after the backoff, dead-letters after 4 attempts, and a replay keeps the webhook-id', async () => {
      const { registry, dispatcher, receiver, url } = await deliveryRig(await open({ retryDelaysMs: [200, 200, 200] }), cleanup);
      receiver.answer = (_delivery, response) => response.writeHead(500).end('down');
      const arrivals: number[] = [];
      const failing = receiver.answer;
      receiver.answer = (delivery, response, request) => {
        arrivals.push(Date.now());
        failing(delivery, response, request);
      };
      const subscription = await registry.create({ url, events: ['skill.failed'] });
      await dispatcher.publish('skill.failed', { ...DATA, status: 'failed', outputs: undefined, error: { code: 'x', message: 'y' } }, 't');
      await eventually('the dead letter', async () => (await dispatcher.listDeadLetters()).length === 1);
      expect(receiver.received).toHaveLength(4);
      const [id] = new Set(receiver.ids());
      expect(new Set(receiver.ids()).size).toBe(1);
      // The queue's backoff spaced the attempts (a lower bound only: a loaded machine is slower, never faster).
      for (let i = 1; i < arrivals.length; i += 1) expect((arrivals[i] ?? 0) - (arrivals[i - 1] ?? 0)).toBeGreaterThanOrEqual(150);
      const [letter] = await dispatcher.listDeadLetters();
      expect(letter).toMatchObject({ id, subscription_id: subscription.id, url, event: 'skill.failed', attempts: 4, last_error: 'HTTP 500' });
      expect(letter?.payload).toEqual(JSON.parse(receiver.received[0]?.body ?? ''));

      receiver.answer = (_delivery, response) => response.writeHead(204).end();
      expect(await dispatcher.replay(String(id))).toEqual({ replayed: id });
      await eventually('the replayed delivery', () => receiver.received.length === 5);
      expect(receiver.received[4]?.headers['webhook-id']).toBe(id);
      expect(receiver.received[4]?.body).toBe(receiver.received[0]?.body);
      expect(await dispatcher.listDeadLetters()).toEqual([]);
      await expect(dispatcher.replay(String(id))).rejects.toMatchObject({ code: 'not_found' });
    });

    it('a replay that fails again comes back as the same dead letter', async () => {
      const { registry, dispatcher, receiver, url } = await deliveryRig(await open({ retryDelaysMs: [] }), cleanup);
      receiver.answer = (_delivery, response) => response.writeHead(503).end();
      await registry.create({ url, events: ['*'] });
      await dispatcher.publish('skill.started', DATA, 't');
      await eventually('the dead letter', async () => (await dispatcher.listDeadLetters()).length === 1);
      const [first] = await dispatcher.listDeadLetters();
      await dispatcher.replay(String(first?.id));
      await eventually('the second dead letter', async () => receiver.received.length === 2 && (await dispatcher.listDeadLetters()).length === 1);
      expect((await dispatcher.listDeadLetters())[0]).toMatchObject({ id: first?.id, attempts: 1, last_error: 'HTTP 503' });
      expect(receiver.ids()).toEqual([first?.id, first?.id]);
    });

    it('of two concurrent replays of one letter exactly one is queued; a deleted subscription keeps the letter', async () => {
      const { registry, dispatcher, receiver, url } = await deliveryRig(await open({ retryDelaysMs: [] }), cleanup);
      receiver.answer = (_delivery, response) => response.writeHead(500).end();
      const kept = await registry.create({ url, events: ['skill.started'] });
      const gone = await registry.create({ url: `${url}?gone`, events: ['skill.started'] });
      await dispatcher.publish('skill.started', DATA, 't');
      await eventually('two dead letters', async () => (await dispatcher.listDeadLetters()).length === 2);
      const letters = await dispatcher.listDeadLetters();
      const letterOf = (subscriptionId: string): string => String(letters.find((letter) => letter.subscription_id === subscriptionId)?.id);

      await registry.delete(gone.id);
      await expect(dispatcher.replay(letterOf(gone.id))).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining(gone.id) });

      receiver.answer = (_delivery, response) => response.writeHead(200).end();
      const outcomes = await Promise.allSettled([dispatcher.replay(letterOf(kept.id)), dispatcher.replay(letterOf(kept.id))]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { code: 'not_found' } });
      await eventually('the replayed delivery', () => receiver.received.length === 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(3);
      expect((await dispatcher.listDeadLetters()).map((letter) => letter.id)).toEqual([letterOf(gone.id)]);
    });

    it('keeps a bounded number of dead letters, the newest, and counts those dropped', async () => {
      const { registry, dispatcher, receiver, url } = await deliveryRig(await open({ retryDelaysMs: [], maxDeadLetters: 2 }), cleanup);
      receiver.answer = (_delivery, response) => response.writeHead(500).end();
      await registry.create({ url, events: ['*'] });
      for (const trace of ['t1', 't2', 't3']) {
        await dispatcher.publish('skill.started', DATA, trace);
        await eventually(`the dead letter of ${trace}`, () => dispatcher.stats().dead_lettered === Number(trace.slice(1)));
      }
      const letters = await dispatcher.listDeadLetters();
      expect(letters.map((letter) => letter.payload.trace_id)).toEqual(['t2', 't3']);
      expect(dispatcher.stats()).toMatchObject({ dead_lettered: 3, dead_letters_dropped: 1, dead_letters: 2 });
      expect((await dispatcher.currentStats()).dead_letters).toBe(2);
    });

    it('gives up on a receiver that never answers at the attempt timeout', async () => {
      const { registry, dispatcher, receiver, url } = await deliveryRig(await open({ retryDelaysMs: [10] }), cleanup, 300);
      receiver.answer = () => undefined;
      await registry.create({ url, events: ['*'] });
      await dispatcher.publish('skill.started', DATA, 't');
      await eventually('the dead letter', async () => (await dispatcher.listDeadLetters()).length === 1);
      expect((await dispatcher.listDeadLetters())[0]).toMatchObject({ attempts: 2, last_error: expect.stringMatching(/did not answer within 300 ms|aborted|timeout/i) });
      expect(dispatcher.stats().in_flight).toBe(0);
    });
  });
}
