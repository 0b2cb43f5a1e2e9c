// Two built server processes on one Redis prefix act as one deployment: a run launched on A is
// polled and listed on B, a webhook subscribed on A is delivered exactly once for an execution on B,
// the rate limit is one window across both, and what was stored survives restarting both.
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { deleteDeploymentKeys } from '@skill-service/redis-state';
import { WebhookReceiver } from '@skill-service/test-support';
import { killBuiltServers, startBuiltServer, type BuiltServer } from './testing/built-server.js';
import { waitFor } from './testing/test-server.js';

jest.setTimeout(120_000);

const settings = { url: process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379', prefix: `test-shared-${randomUUID().slice(0, 8)}` };

const receiver = new WebhookReceiver();
let hookUrl = '';

/** Prefixes of deployments of their own (a test whose counts must start from zero), deleted afterwards. */
const ownPrefixes: string[] = [];

/** One server of the deployment: the fixture registry, this suite's prefix, loopback receivers allowed. */
function deploymentServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  return startBuiltServer({ SERVICE_REDIS_URL: settings.url, SERVICE_REDIS_PREFIX: settings.prefix, SERVICE_OUTBOUND_ALLOW: '127.0.0.1', ...env });
}

function ownPrefix(): string {
  const prefix = `${settings.prefix}-own-${ownPrefixes.length}`;
  ownPrefixes.push(prefix);
  return prefix;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function stop(server: BuiltServer): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exit).toBe(0);
}

beforeAll(async () => {
  hookUrl = await receiver.start();
});

afterEach(killBuiltServers);

afterAll(async () => {
  await receiver.close();
  await deleteDeploymentKeys(settings);
  for (const prefix of ownPrefixes) await deleteDeploymentKeys({ url: settings.url, prefix });
});

describe('two server processes on one Redis', () => {
  it('polls and lists on B a run launched on A', async () => {
    const [a, b] = await Promise.all([deploymentServer(), deploymentServer()]);
    const launched = await post(`${a.url}/v1/skills/math.sum/execute/async`, { inputs: { a: 20, b: 22 } });
    expect(launched.status).toBe(202);
    const { run_id: runId } = (await json(launched)) as { run_id: string };
    let record: Record<string, unknown> = {};
    await waitFor('the run to complete, seen from B', async () => {
      const answer = await fetch(`${b.url}/v1/runs/${runId}`);
      expect(answer.status).toBe(200);
      record = await json(answer);
      return record['status'] !== 'running';
    });
    expect(record).toMatchObject({ run_id: runId, skill_id: 'math.sum', status: 'completed', result: { outputs: { sum: 42 } } });
    const listed = (await json(await fetch(`${b.url}/v1/runs`))) as { runs: { run_id: string }[] };
    expect(listed.runs.map((run) => run.run_id)).toContain(runId);
    await Promise.all([stop(a), stop(b)]);
  });

  it('answers a launch retried on B with the same Idempotency-Key with the run launched on A, and starts one run', async () => {
    const [a, b] = await Promise.all([deploymentServer(), deploymentServer()]);
    const body = { inputs: { a: 7, b: 8 } };
    const key = { 'idempotency-key': `retry-${randomUUID()}` };
    const runsNow = async (): Promise<number> => ((await json(await fetch(`${a.url}/v1/runs?limit=1000`))) as { runs: unknown[] }).runs.length;
    const before = await runsNow();
    const first = await post(`${a.url}/v1/skills/math.sum/execute/async`, body, key);
    expect(first.status).toBe(202);
    const retried = await post(`${b.url}/v1/skills/math.sum/execute/async`, body, key);
    expect(retried.status).toBe(202);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const runId = ((await json(first)) as { run_id: string }).run_id;
    expect(((await json(retried)) as { run_id: string }).run_id).toBe(runId);
    // The same key with another body is refused on either process.
    expect((await post(`${b.url}/v1/skills/math.sum/execute/async`, { inputs: { a: 1, b: 1 } }, key)).status).toBe(422);
    expect(await runsNow()).toBe(before + 1);
    await Promise.all([stop(a), stop(b)]);
  });

  it('delivers exactly once, for an execution on B, an event a subscription made on A asked for', async () => {
    const [a, b] = await Promise.all([deploymentServer(), deploymentServer()]);
    const created = await post(`${a.url}/v1/webhooks`, { url: hookUrl, events: ['skill.completed'] });
    expect(created.status).toBe(201);
    const subscriptions = (await json(await fetch(`${b.url}/v1/webhooks`))) as { subscriptions: { id: string }[] };
    expect(subscriptions.subscriptions.map((s) => s.id)).toContain((await json(created))['id']);
    const traceId = `once-${randomUUID()}`;
    expect((await post(`${b.url}/v1/skills/math.sum/execute`, { inputs: { a: 1, b: 2 } }, { 'x-trace-id': traceId })).status).toBe(200);
    const deliveriesOf = (): number => receiver.received.filter((delivery) => delivery.body.includes(traceId)).length;
    await waitFor('the delivery', () => deliveriesOf() > 0);
    // Long enough for a second process's duplicate, were there one, to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(deliveriesOf()).toBe(1);
    await Promise.all([stop(a), stop(b)]);
  });

  it('grants one rate-limit window per client across both processes', async () => {
    // A deployment of its own: the other tests' requests from this address count in the suite's window.
    const limited = { SERVICE_RATE_LIMIT_REQUESTS: '6', SERVICE_RATE_LIMIT_WINDOW_SECONDS: '60', SERVICE_REDIS_PREFIX: ownPrefix() };
    const [a, b] = await Promise.all([deploymentServer(limited), deploymentServer(limited)]);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await fetch(`${a.url}/v1/skills/list`)).status);
      statuses.push((await fetch(`${b.url}/v1/skills/list`)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const refused = await fetch(`${a.url}/v1/skills/list`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await json(refused)).toMatchObject({ error: { code: 'rate_limited' } });
    await Promise.all([stop(a), stop(b)]);
  });

  it('keeps subscriptions, dead letters and finished runs when both processes restart', async () => {
    let [a, b] = await Promise.all([deploymentServer(), deploymentServer()]);
    // A receiver that refuses every delivery: the event is dead-lettered after its retries.
    const refusing = new WebhookReceiver();
    refusing.answer = (_received, response) => response.writeHead(500).end('no');
    const refusingUrl = await refusing.start();
    try {
      const subscription = await json(await post(`${a.url}/v1/webhooks`, { url: refusingUrl, events: ['skill.failed'] }));
      const launched = (await json(await post(`${b.url}/v1/skills/math.sum/execute/async`, { inputs: { a: 1, b: 1 } }))) as { run_id: string };
      await waitFor('the run to finish', async () => (await json(await fetch(`${a.url}/v1/runs/${launched.run_id}`)))['status'] === 'completed');
      expect((await post(`${a.url}/v1/skills/text.shout-then-fail/execute`, { inputs: { text: 'x' } })).status).toBeGreaterThanOrEqual(400);
      // Retries after 2, 4 and 8 s, then the dead letter.
      await waitFor(
        'the dead letter',
        async () => ((await json(await fetch(`${b.url}/v1/webhooks/dead-letters`))) as { dead_letters: unknown[] }).dead_letters.length === 1,
        60_000,
      );
      await Promise.all([stop(a), stop(b)]);
      [a, b] = await Promise.all([deploymentServer(), deploymentServer()]);
      const subscriptions = (await json(await fetch(`${b.url}/v1/webhooks`))) as { subscriptions: { id: string }[] };
      expect(subscriptions.subscriptions.map((s) => s.id)).toContain(subscription['id']);
      const letters = (await json(await fetch(`${a.url}/v1/webhooks/dead-letters`))) as { dead_letters: { subscription_id: string }[] };
      expect(letters.dead_letters).toEqual([expect.objectContaining({ subscription_id: subscription['id'], event: 'skill.failed' })]);
      expect(await json(await fetch(`${b.url}/v1/runs/${launched.run_id}`))).toMatchObject({ status: 'completed', result: { outputs: { sum: 2 } } });
      await Promise.all([stop(a), stop(b)]);
    } finally {
      await refusing.close();
    }
  });
});
