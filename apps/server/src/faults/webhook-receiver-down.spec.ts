// Fault: the webhook receiver is down (its port refuses connections) while executions
// fire events, then comes back on the same address. Every event is delivered once it is back,
// exactly once each, nothing is dead-lettered, and the dispatcher's books balance.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import { WebhookReceiver } from '@skill-service/test-support';
import type { ServerApp } from '../app.js';
import { openTestService, testApp, waitFor } from '../testing/test-server.js';

const EXECUTIONS = 10;
const BOUND_MS = 30_000;

describe('a webhook receiver down, then back', () => {
  let service: SkillService;
  let server: ServerApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // The first retry comes soon after the refused attempt, the later ones leave time to come back.
    service = await openTestService({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1' }, { webhooks: { retryDelaysMs: [100, 1_000, 3_000], timeoutMs: 2_000 } });
    server = testApp(service);
    receiver = new WebhookReceiver();
  });

  afterAll(async () => {
    await receiver.close();
    await service.close();
  });

  it(
    'delivers every event once it is back: none lost, none dead-lettered, none twice',
    async () => {
      const url = await receiver.start();
      const port = Number(new URL(url).port);
      await request(server.app).post('/v1/webhooks').send({ url, events: ['skill.completed'] }).expect(201);
      await receiver.close();

      for (let i = 0; i < EXECUTIONS; i++) {
        await request(server.app).post('/v1/skills/math.sum/execute').set('x-trace-id', `down-${i}`).send({ inputs: { a: i, b: 1 } }).expect(200);
      }
      // Every first attempt has met a closed port.
      await waitFor('every first attempt to fail', () => service.webhookStats().failed_attempts >= EXECUTIONS, BOUND_MS);
      expect(service.webhookStats()).toMatchObject({ delivered: 0, dead_lettered: 0 });

      await receiver.start(port);
      await waitFor('every event to be delivered', () => service.webhookStats().delivered === EXECUTIONS, BOUND_MS);

      const ids = receiver.received.map((delivery) => delivery.headers['webhook-id']);
      expect(new Set(ids).size).toBe(EXECUTIONS);
      expect(ids).toHaveLength(EXECUTIONS);
      const traces = receiver.received.map((delivery) => (JSON.parse(delivery.body) as { trace_id: string }).trace_id);
      expect(traces.sort()).toEqual(Array.from({ length: EXECUTIONS }, (_, i) => `down-${i}`).sort());
      expect(service.webhookStats()).toMatchObject({ delivered: EXECUTIONS, dead_lettered: 0, queued: 0, in_flight: 0, retrying: 0 });
      expect((await request(server.app).get('/v1/webhooks/dead-letters').expect(200)).body).toEqual({ dead_letters: [] });
    },
    BOUND_MS * 3,
  );
});
