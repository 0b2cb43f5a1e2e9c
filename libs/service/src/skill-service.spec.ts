import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidConfigurationError, InvalidRequestError, NotFoundError, type StreamEvent } from '@skill-service/contracts';
import type { ServiceConfig } from './service-config.js';
import type { ServiceObserver, ServiceSources } from './service-observer.js';
import { SkillService } from './skill-service.js';

jest.setTimeout(30_000);

/** `services/python` at the repository root, where the `local_services.test_tools` module lives. */
const PYTHON_MODULES_DIR = fileURLToPath(new URL('../../../services/python/', import.meta.url));

const FILES: Record<string, string> = {
  'registry/capabilities/text.upper.yaml': `id: text.upper
version: 1.0.0
description: Upper-case a text.
inputs: { text: { type: string, required: true } }
outputs: { text: { type: string, required: true } }
`,
  'registry/capabilities/test.fail.yaml': `id: test.fail
version: 1.0.0
description: Always raise.
inputs: { message: { type: string, required: true } }
outputs: {}
`,
  'registry/skills/official/text/shout/skill.yaml': `id: text.shout
version: 1.0.0
name: Shout
description: Upper-case a text.
inputs: { text: { type: string, required: true } }
outputs: { text: { type: string, required: true } }
steps:
  - { id: upper, uses: text.upper, input: { text: inputs.text }, output: { text: outputs.text } }
`,
  'registry/skills/official/text/fail/skill.yaml': `id: text.fail
version: 1.0.0
name: Fail
description: Always fails in its second step.
inputs: { text: { type: string, required: true } }
outputs: {}
steps:
  - { id: upper, uses: text.upper, input: { text: inputs.text }, output: { text: vars.loud } }
  - { id: explode, uses: test.fail, input: { message: vars.loud } }
`,
  'registry/skills/official/text/broken/skill.yaml': `id: text.broken
version: 1.0.0
name: Broken
description: Uses a capability nobody defines.
inputs: {}
outputs: {}
steps:
  - { id: nothing, uses: no.such.capability }
`,
  'runtime/bindings/official/text.upper/python_text_upper.yaml': `id: python_text_upper
capability: text.upper
service: local_services.test_tools
protocol: pythoncall
operation: upper
`,
  'runtime/bindings/official/test.fail/python_test_fail.yaml': `id: python_test_fail
capability: test.fail
service: local_services.test_tools
protocol: pythoncall
operation: fail
`,
};

let root = '';
let service: SkillService;

/** What the service told its observer, as `kind:labels` strings. */
const reported: string[] = [];
let sources: ServiceSources | undefined;
const observer: ServiceObserver = {
  skillExecuted: (skillId, outcome, channel) => reported.push(`skill:${skillId}:${outcome}:${channel}`),
  stepFinished: (protocol, outcome, seconds) => reported.push(`step:${protocol}:${outcome}:${seconds >= 0 && seconds < 20}`),
  watch: (given) => (sources = given),
  reset: () => reported.push('reset'),
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'skill-service-'));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), text);
  }
  const config: ServiceConfig = {
    registryRoot: join(root, 'registry'),
    runtimeRoot: join(root, 'runtime'),
    env: { ...process.env, PYTHONPATH: PYTHON_MODULES_DIR },
    maxWorkers: 4,
    asyncWorkers: 2,
    maxRuns: 10,
    outboundAllow: [],
    python: { executable: 'python3', poolSize: 2, extraModulePrefixes: [] },
    maxTrustLevel: 'standard',
    defaultAuditMode: 'off',
    defaultStepTimeoutSeconds: 20,
    log: () => undefined,
  };
  service = await SkillService.open(config, { version: '1.2.3', observer });
});

afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

const context = { traceId: 'trace-1', channel: 'http' };

async function settled(runId: string): Promise<Awaited<ReturnType<SkillService['getRun']>>> {
  const until = Date.now() + 15_000;
  while ((await service.getRun(runId)).status === 'running') {
    if (Date.now() > until) throw new Error(`run ${runId} did not settle`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return service.getRun(runId);
}

describe('SkillService', () => {
  it('reports health, plainly and per subsystem', async () => {
    expect(await service.health()).toEqual({ status: 'ok', version: '1.2.3', uptime_seconds: expect.any(Number) });
    const deep = await service.health(true);
    // The broken skill is rejected by the registry: an error diagnostic degrades the service.
    expect(deep.status).toBe('degraded');
    expect(deep.checks?.['registry']).toMatchObject({ status: 'degraded', skills: 2, rejected_skills: 1 });
    expect(deep.checks?.['runs']).toMatchObject({ status: 'ok', workers: 2, capacity: 10 });
  });

  it('lists and describes the valid skills', () => {
    expect(service.listSkills({ offset: 0, limit: 20 }).skills.map((skill) => skill.id)).toEqual(['text.fail', 'text.shout']);
    expect(service.describeSkill('text.shout')).toMatchObject({ id: 'text.shout', deprecated: false });
    expect(() => service.describeSkill('text.broken')).toThrow(NotFoundError);
  });

  it('executes a skill with the caller trace id, and adds events on request', async () => {
    await expect(service.executeSkill('text.shout', { inputs: { text: 'a' } }, context)).resolves.toEqual({
      skill_id: 'text.shout',
      status: 'completed',
      outputs: { text: 'A' },
      trace_id: 'trace-1',
    });
    const traced = await service.executeSkill('text.shout', { inputs: { text: 'a' }, include_trace: true }, context);
    expect(traced.events?.map((event) => event.type)).toEqual(['skill_start', 'step_start', 'step_completed', 'skill_completed']);
  });

  it('validates a stream completely before it starts', () => {
    expect(() => service.streamSkill('no.such', { inputs: {} }, context)).toThrow(NotFoundError);
    expect(() => service.streamSkill('text.broken', { inputs: {} }, context)).toThrow(InvalidConfigurationError);
    expect(() => service.streamSkill('text.shout', { inputs: {} }, context)).toThrow(InvalidRequestError);
    expect(() => service.streamSkill('text.shout', { inputs: { text: 'a' } }, { ...context, channel: 'carrier-pigeon' })).toThrow(InvalidRequestError);
  });

  it('streams the events of a started run and its result', async () => {
    const run = service.streamSkill('text.shout', { inputs: { text: 'b' } }, { ...context, channel: 'http-stream' });
    const events: StreamEvent[] = [];
    for await (const event of run) events.push(event);
    expect(events.map((event) => event.type)).toEqual(['skill_start', 'step_start', 'step_completed', 'skill_completed']);
    await expect(run.result).resolves.toMatchObject({ outputs: { text: 'B' } });
  });

  it('validates a launch before any run exists, then runs it', async () => {
    await expect(service.launchRun('no.such', { inputs: {} }, context)).rejects.toThrow(NotFoundError);
    await expect(service.launchRun('text.shout', { inputs: { text: 7 } }, context)).rejects.toThrow(InvalidRequestError);
    expect((await service.listRuns({ limit: 100 })).runs).toEqual([]);

    const launch = await service.launchRun('text.shout', { inputs: { text: 'c' } }, { ...context, channel: 'http-async' });
    expect(launch).toMatchObject({ skill_id: 'text.shout', status: 'running', trace_id: 'trace-1' });
    expect(await settled(launch.run_id)).toMatchObject({ status: 'completed', result: { outputs: { text: 'C' } }, error: null });

    const failing = await service.launchRun('text.fail', { inputs: { text: 'd' } }, { ...context, channel: 'http-async' });
    const record = await settled(failing.run_id);
    expect(record).toMatchObject({ status: 'failed', result: null });
    expect(record.error).toMatch(/^Step 'explode' failed: /);
    expect((await service.listRuns({ limit: 1 })).runs.map((run) => run.run_id)).toEqual([failing.run_id]);
  });

  it('executes and explains a capability', async () => {
    await expect(service.executeCapability('text.upper', { inputs: { text: 'e' } }, context)).resolves.toMatchObject({
      capability_id: 'text.upper',
      outputs: { text: 'E' },
      trace_id: 'trace-1',
    });
    expect(service.explainCapability('text.upper', {})).toMatchObject({ capability_id: 'text.upper', primary_binding_id: 'python_text_upper' });
    expect(() => service.explainCapability('no.such', {})).toThrow(NotFoundError);
  });

  it('reports executions of every channel, their steps and capability calls to its observer', async () => {
    reported.length = 0;
    await service.executeSkill('text.shout', { inputs: { text: 'f' } }, context);
    await service.executeSkill('text.fail', { inputs: { text: 'g' } }, context).catch(() => undefined);
    const stream = service.streamSkill('text.shout', { inputs: { text: 'h' } }, { ...context, channel: 'http-stream' });
    await stream.result;
    const launch = await service.launchRun('text.shout', { inputs: { text: 'i' } }, { ...context, channel: 'http-async' });
    await settled(launch.run_id);
    await service.executeCapability('text.upper', { inputs: { text: 'j' } }, context);
    await service.executeCapability('test.fail', { inputs: { message: 'k' } }, context).catch(() => undefined);
    // An input error is no step.
    await service.executeCapability('text.upper', { inputs: {} }, context).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect([...reported].sort()).toEqual(
      [
        'skill:text.shout:completed:http',
        'step:pythoncall:completed:true',
        'skill:text.fail:failed:http',
        'step:pythoncall:completed:true',
        'step:pythoncall:failed:true',
        'skill:text.shout:completed:http-stream',
        'step:pythoncall:completed:true',
        'skill:text.shout:completed:http-async',
        'step:pythoncall:completed:true',
        'step:pythoncall:completed:true',
        'step:pythoncall:failed:true',
      ].sort(),
    );
    expect(sources?.knownSkill('text.shout')).toBe(true);
    expect(sources?.knownSkill('text.broken')).toBe(false);
    expect(await sources?.runs()).toMatchObject({ queued: 0, executing: 0 });
    expect(sources?.webhooks()).toMatchObject({ delivered: 0, dead_lettered: 0 });
  });

  it('resets its observer with the other metrics', async () => {
    reported.length = 0;
    await service.resetMetrics();
    expect(reported).toEqual(['reset']);
  });

  it('adds webhook delivery to deep health', async () => {
    expect((await service.health(true)).checks?.['webhooks']).toEqual({
      status: 'ok',
      critical: false,
      subscriptions: 0,
      queue_depth: 0,
      in_flight: 0,
      dead_letters: 0,
      delivered: 0,
      failed_attempts: 0,
      dead_lettered: 0,
      dead_letters_dropped: 0,
      events_lost: 0,
    });
  });
});
