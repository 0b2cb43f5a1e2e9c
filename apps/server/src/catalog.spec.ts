// The catalog routes over HTTP: discover, governance, diagnostics and attach,
// with their bad input. The fixture registry serves most cases; attach runs against the
// repository's own registry, whose security.pii-scan is attachable to runs and outputs.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BUILTIN_REGISTRY_ROOT, REPO_ROOT, SkillService, type ServiceConfig } from '@skill-service/service';
import request from 'supertest';
import { WebhookReceiver } from '@skill-service/test-support';
import type { ServerApp } from './app.js';
import { openTestService, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(60_000);

/** The repository's registry, served in-process by the built-in MCP server; loopback allowed for the webhook receiver. */
function builtinConfig(): ServiceConfig {
  return {
    registryRoot: BUILTIN_REGISTRY_ROOT,
    runtimeRoot: REPO_ROOT,
    env: {},
    maxWorkers: 4,
    outboundAllow: ['127.0.0.1'],
    python: { executable: 'python3', poolSize: 1, extraModulePrefixes: [] },
    maxTrustLevel: 'standard',
    defaultAuditMode: 'off',
    defaultStepTimeoutSeconds: 30,
    log: () => undefined,
  };
}

let fixtures: SkillService;
let fixtureApp: ServerApp['app'];
let builtin: SkillService;
let builtinApp: ServerApp['app'];

beforeAll(async () => {
  fixtures = await openTestService();
  fixtureApp = testApp(fixtures).app;
  builtin = await SkillService.open(builtinConfig(), { version: 'test', webhooks: { retryDelaysMs: [20, 40, 80], timeoutMs: 2_000 } });
  builtinApp = testApp(builtin).app;
});

afterAll(async () => {
  await Promise.all([fixtures.close(), builtin.close()]);
});

/** Every string in a JSON value, keys included. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, entry]) => [key, ...strings(entry)]);
  return [];
}

const ids = (body: { results: { id: string }[] }): string[] => body.results.map((result) => result.id);

describe('GET /v1/skills/{skill_id}/describe examples', () => {
  it('are requests to copy: each example of a built-in skill executes to the outputs it states', async () => {
    const { body } = await request(builtinApp).get('/v1/skills/text.language-keywords/describe').expect(200);
    const examples = body.examples as { description: string | null; inputs: Record<string, unknown>; outputs: Record<string, unknown> | null }[];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      const executed = await request(builtinApp).post('/v1/skills/text.language-keywords/execute').send({ inputs: example.inputs }).expect(200);
      expect(executed.body.outputs).toEqual(example.outputs);
    }
  });
});

describe('POST /v1/skills/discover', () => {
  it('answers ranked candidates with score, reason, reason codes, breakdown and evidence', async () => {
    const { body } = await request(fixtureApp).post('/v1/skills/discover').send({ intent: 'shout a text in upper case' }).expect(200);
    expect(body.intent).toBe('shout a text in upper case');
    expect(ids(body)[0]).toBe('text.shout');
    expect(ids(body)).toContain('text.old-shout');
    expect(ids(body).indexOf('text.shout')).toBeLessThan(ids(body).indexOf('text.old-shout'));
    expect(body.results[0]).toMatchObject({
      id: 'text.shout',
      name: 'Shout',
      status: 'stable',
      score: expect.any(Number),
      reason: expect.stringContaining('bm25='),
      reason_codes: expect.arrayContaining(['bm25_match', 'term_coverage', 'status_stable']),
      score_breakdown: { bm25_match: 1 },
      evidence: { executions: expect.any(Number), matched_terms: expect.arrayContaining(['shout']) },
    });
  });

  it('filters by domain and role; unknown values answer an empty list', async () => {
    const byDomain = await request(fixtureApp).post('/v1/skills/discover').send({ intent: 'shout', domain: 'math' }).expect(200);
    expect(byDomain.body.results).toEqual([]);
    const text = await request(fixtureApp).post('/v1/skills/discover').send({ intent: 'shout', domain: 'text', limit: 1 }).expect(200);
    expect(ids(text.body)).toEqual(['text.shout']);
    for (const filter of [{ domain: 'no-such-domain' }, { role: 'wizard' }]) {
      const { body } = await request(fixtureApp).post('/v1/skills/discover').send({ intent: 'shout', ...filter }).expect(200);
      expect(body).toEqual({ intent: 'shout', results: [] });
    }
  });

  it('takes unicode intents', async () => {
    const { body } = await request(fixtureApp).post('/v1/skills/discover').send({ intent: 'Shöut 📣 テキスト' }).expect(200);
    expect(body.intent).toBe('Shöut 📣 テキスト');
    expect(ids(body)[0]).toBe('text.shout');
    const none = await request(fixtureApp).post('/v1/skills/discover').send({ intent: '日本語のテキスト' }).expect(200);
    expect(none.body.results).toEqual([]);
  });

  it.each([
    ['an empty intent', { intent: '' }, 'intent'],
    ['a blank intent', { intent: '   \n ' }, 'intent'],
    ['no intent', {}, 'intent'],
    ['a 10 KB intent', { intent: 'shout '.repeat(1_700) }, '2000'],
    ['limit 0', { intent: 'shout', limit: 0 }, 'between 1 and 100'],
    ['limit -1', { intent: 'shout', limit: -1 }, 'between 1 and 100'],
    ['limit 10000', { intent: 'shout', limit: 10_000 }, 'between 1 and 100'],
    ['a fractional limit', { intent: 'shout', limit: 2.5 }, 'limit'],
    ['a number as intent', { intent: 42 }, 'intent'],
  ])('answers 400 invalid_request for %s', async (_label, body, mentions) => {
    const response = await request(fixtureApp).post('/v1/skills/discover').send(body).expect(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(JSON.stringify(response.body.error)).toContain(mentions);
  });
});

describe('GET /v1/skills/governance', () => {
  it('lists every skill with lifecycle, deprecation, coverage, safety and flags', async () => {
    const { body } = await request(fixtureApp).get('/v1/skills/governance').expect(200);
    expect(body.summary.total_skills).toBe(5);
    expect(body).toMatchObject({ matching: 5, min_state: null, limit: 20 });
    const old = body.skills.find((entry: { skill_id: string }) => entry.skill_id === 'text.old-shout');
    expect(old).toMatchObject({ deprecated: true, replacement: 'text.shout', status: 'deprecated', lifecycle_state: 'validated' });
    expect(old.binding_coverage.experimental).toEqual({ covered: true, unbound_capabilities: [] });
    expect(old.safety).toMatchObject({ trust_level: expect.any(String), requires_confirmation: [], gates: [] });
    expect(old.quality_flags).toContain('deprecated');
  });

  it('filters by min_state and limit; lifecycle states of the real registry are derived', async () => {
    const { body } = await request(builtinApp).get('/v1/skills/governance?min_state=trusted&limit=3').expect(200);
    expect(body.skills).toHaveLength(3);
    expect(body.matching).toBeGreaterThanOrEqual(3);
    for (const entry of body.skills) expect(['trusted', 'recommended']).toContain(entry.lifecycle_state);
    expect(body.skills[0].binding_coverage.standard.covered).toBe(true);
  });

  it.each([['min_state=golden'], ['limit=0'], ['limit=101'], ['limit=abc'], ['min_state=']])('answers 400 for %s', async (query) => {
    const response = await request(fixtureApp).get(`/v1/skills/governance?${query}`).expect(400);
    expect(response.body.error.code).toBe('invalid_request');
  });
});

describe('GET /v1/skills/diagnostics', () => {
  it('reports counts, load diagnostics, health, breakers, counters and uptime, with no filesystem path', async () => {
    await request(fixtureApp).get('/v1/skills/list').expect(200);
    const { body } = await request(fixtureApp).get('/v1/skills/diagnostics').expect(200);
    expect(body.registry.counts).toEqual({ skills: 5, rejected_skills: 0, capabilities: 4, services: expect.any(Number), bindings: 4 });
    expect(body.registry.unbound_capabilities).toEqual([]);
    expect(body.process).toMatchObject({ started_at: expect.stringMatching(/Z$/), uptime_seconds: expect.any(Number) });
    expect(body.process.operation_counts.list).toBeGreaterThanOrEqual(1);
    expect(body.process.operation_counts.diagnostics).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.providers).sort()).toEqual(['mcp_servers', 'providers', 'python_workers']);
    expect(body.circuit_breakers).toEqual({});
    const all = strings(body);
    expect(all.filter((text) => text.startsWith('/'))).toEqual([]);
    expect(all.filter((text) => text.includes(REPO_ROOT) || text.includes(process.cwd()))).toEqual([]);
  });
});

describe('routes of the catalog are not skill ids', () => {
  it('answers governance, diagnostics and discover, and a skill route for a real id', async () => {
    await request(fixtureApp).get('/v1/skills/text.shout/describe').expect(200);
    const describeDiscover = await request(fixtureApp).get('/v1/skills/discover/describe').expect(404);
    expect(describeDiscover.body.error.message).toContain("'discover'");
    await request(fixtureApp).get('/v1/skills/discover').expect(405);
  });
});

describe('POST /v1/skills/{id}/attach', () => {
  const TEXT = 'Call me on +49 30 901820 or write to lena.berg@example.com.';

  it('runs the skill on an output of an earlier execution (its trace id), like execute', async () => {
    await request(builtinApp).post('/v1/skills/security.pii-scan/execute').set('x-trace-id', 'earlier-1').send({ inputs: { text: 'hello' } }).expect(200);
    const { body } = await request(builtinApp)
      .post('/v1/skills/security.pii-scan/attach')
      .set('x-trace-id', 'attach-1')
      .send({ target_type: 'output', target_ref: 'earlier-1', inputs: { text: TEXT }, include_trace: true, audit_mode: 'off' })
      .expect(200);
    expect(body).toMatchObject({
      skill_id: 'security.pii-scan',
      target_type: 'output',
      target_ref: 'earlier-1',
      attached_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      attach_context: { target_type: 'output', target_ref: 'earlier-1', validation_source: 'execution_history', validation_result: 'trace_match' },
      execution: { skill_id: 'security.pii-scan', status: 'completed', trace_id: 'attach-1', outputs: { found: true, shareable: false } },
    });
    expect(body.execution.events.map((event: { type: string }) => event.type)).toContain('skill_completed');
  });

  it('attaches to a run by its run id, and an attach execution is itself a later target', async () => {
    const launch = await request(builtinApp).post('/v1/skills/security.pii-scan/execute/async').send({ inputs: { text: 'x' } }).expect(202);
    const runId = launch.body.run_id as string;
    const byRun = await request(builtinApp).post('/v1/skills/security.pii-scan/attach').set('x-trace-id', 'attach-2').send({ target_type: 'run', target_ref: runId, inputs: { text: TEXT } }).expect(200);
    expect(byRun.body.attach_context).toMatchObject({ validation_source: 'run_store', validation_result: 'run_match' });
    const byTrace = await request(builtinApp).post('/v1/skills/security.pii-scan/attach').send({ target_type: 'run', target_ref: 'attach-2', inputs: { text: 'x' } }).expect(200);
    expect(byTrace.body.attach_context.validation_result).toBe('trace_match');
  });

  it('feeds discover with its executions', async () => {
    const { body } = await request(builtinApp).post('/v1/skills/discover').send({ intent: 'scan a text for personal data' }).expect(200);
    const scan = body.results.find((result: { id: string }) => result.id === 'security.pii-scan');
    expect(scan.evidence.executions).toBeGreaterThanOrEqual(3);
    expect(scan.reason_codes).toContain('usage');
  });

  it.each([
    ['a nonexistent run', 'security.pii-scan', { target_type: 'run', target_ref: 'no-such-run' }, 400, "Invalid attach target: run 'no-such-run'"],
    ['a trace id never seen', 'security.pii-scan', { target_type: 'output', target_ref: 'never-seen' }, 400, 'Invalid attach target'],
    ['a path (never probed)', 'security.pii-scan', { target_type: 'output', target_ref: '/etc/passwd' }, 400, 'Invalid attach target'],
    ['a target type the skill does not allow', 'security.pii-scan', { target_type: 'transcript', target_ref: 'x' }, 400, 'allowed: run, output'],
    ['a task (not allowed for this skill)', 'security.pii-scan', { target_type: 'task', target_ref: 'task:7' }, 400, "target type 'task'"],
    ['an unknown target type', 'security.pii-scan', { target_type: 'folder', target_ref: 'x' }, 400, 'transcript'],
    ['no target_ref', 'security.pii-scan', { target_type: 'run' }, 400, 'target_ref'],
    ['a skill that is not attachable', 'text.redacted-summary', { target_type: 'run', target_ref: 'x' }, 400, "invocation is 'direct'"],
    ['an unknown skill', 'no.such-skill', { target_type: 'run', target_ref: 'x' }, 404, "'no.such-skill'"],
  ])('refuses %s', async (_label, skillId, body, status, mentions) => {
    const response = await request(builtinApp).post(`/v1/skills/${skillId}/attach`).send({ inputs: { text: 'x' }, ...body }).expect(status);
    expect(response.body.error.message).toContain(mentions);
    expect(JSON.stringify(response.body)).not.toContain('/etc/passwd');
  });

  it('answers a refused execution as execute does: inputs validated, real status', async () => {
    await request(builtinApp).post('/v1/skills/security.pii-scan/execute').set('x-trace-id', 'earlier-3').send({ inputs: { text: 'a' } }).expect(200);
    const response = await request(builtinApp)
      .post('/v1/skills/security.pii-scan/attach')
      .send({ target_type: 'output', target_ref: 'earlier-3', inputs: {} })
      .expect(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(JSON.stringify(response.body.error)).toContain('text');
  });

  it('fires skill.started and skill.completed through the webhooks, like every channel', async () => {
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    try {
      await request(builtinApp).post('/v1/webhooks').send({ url, events: ['skill.started', 'skill.completed'] }).expect(201);
      await request(builtinApp).post('/v1/skills/security.pii-scan/execute').set('x-trace-id', 'hook-target').send({ inputs: { text: 'a' } }).expect(200);
      await waitFor('the execute deliveries', () => receiver.received.length === 2);
      await request(builtinApp)
        .post('/v1/skills/security.pii-scan/attach')
        .set('x-trace-id', 'hook-attach')
        .send({ target_type: 'output', target_ref: 'hook-target', inputs: { text: TEXT } })
        .expect(200);
      await waitFor('the attach deliveries', () => receiver.received.length === 4);
      const attach = receiver.received.map((delivery) => JSON.parse(delivery.body)).filter((payload) => payload.trace_id === 'hook-attach');
      expect(attach.map((payload) => payload.event).sort()).toEqual(['skill.completed', 'skill.started']);
      expect(attach.find((payload) => payload.event === 'skill.completed')?.data).toEqual({
        skill_id: 'security.pii-scan',
        status: 'completed',
        outputs: expect.arrayContaining(['found', 'counts', 'shareable', 'reason']),
        duration_ms: expect.any(Number),
      });
    } finally {
      await receiver.close();
    }
  });
});
