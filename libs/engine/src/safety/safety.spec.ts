import { describe, expect, it } from '@jest/globals';
import { defineCapability, defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';

/** An echo capability behind the given safety block. */
const guarded = (id: string, safety: Record<string, unknown>) => ({
  definition: defineCapability({
    id,
    inputs: { text: { type: 'string', required: true } },
    outputs: { text: { type: 'string', required: true } },
    safety: safety as never,
  }),
  fn: (input: Record<string, unknown>) => ({ text: String(input['text']) }),
});

const gate = (capability: string, on_fail: string) => ({ capability, on_fail });

const CAPABILITIES = [
  guarded('safe.elevated', { trust_level: 'elevated' }),
  guarded('safe.confirm', { requires_confirmation: true }),
  guarded('safe.both', { trust_level: 'privileged', requires_confirmation: true }),
  guarded('pre.warn', { mandatory_pre_gates: [gate('gate.check', 'warn')] }),
  guarded('pre.degrade', { mandatory_pre_gates: [gate('gate.check', 'degrade')] }),
  guarded('pre.human', { mandatory_pre_gates: [gate('gate.check', 'require_human')] }),
  guarded('pre.block', { mandatory_pre_gates: [gate('gate.check', 'block')] }),
  guarded('pre.broken', { mandatory_pre_gates: [gate('gate.broken', 'block')] }),
  guarded('pre.unknown', { mandatory_pre_gates: [gate('gate.nowhere', 'warn')] }),
  guarded('pre.picky', { mandatory_pre_gates: [gate('gate.picky', 'block')] }),
  guarded('pre.guarded-gate', { mandatory_pre_gates: [gate('safe.both', 'block')] }),
  guarded('post.degrade', { mandatory_post_gates: [gate('gate.check', 'degrade')] }),
  guarded('post.block', { mandatory_post_gates: [gate('gate.check', 'block')] }),
  {
    definition: defineCapability({ id: 'gate.picky', inputs: { level: { type: 'integer', required: true } } }),
    fn: () => ({ allowed: true }),
  },
];

/** Runs `uses` with `text`, then a dependant that reads what the step wrote. */
const oneStep = (uses: string, extra: Record<string, unknown> = {}) =>
  defineSkill({
    id: `demo.${uses}`,
    inputs: { text: { type: 'string', required: true } },
    steps: [
      { id: 'act', uses, input: { text: 'inputs.text' }, output: { text: 'vars.text' }, ...extra },
      { id: 'after', uses: 'text.echo', input: { value: 'vars.text' }, output: { value: 'outputs.seen' } },
    ],
  });

function engineFor(uses: string, config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return createTestEngine({ skills: [oneStep(uses, extra)], capabilities: CAPABILITIES, ...config });
}

describe('trust level and confirmation', () => {
  it('refuses a capability above the server’s maximum trust level (403), allows it when configured', async () => {
    const refused = engineFor('safe.elevated');
    const error = await failureOf(refused.engine.runSkill('demo.safe.elevated', { text: 'x' }));
    expect(error).toMatchObject({ code: 'safety_denied', status: 403, stepId: 'act' });
    expect(refused.invoker.calls).toEqual([]);
    const allowed = engineFor('safe.elevated', { maxTrustLevel: 'elevated' });
    await expect(allowed.engine.runSkill('demo.safe.elevated', { text: 'x' })).resolves.toMatchObject({ outputs: { seen: 'x' } });
  });

  it('requires confirmation by id (428) and checks trust first', async () => {
    const { engine } = engineFor('safe.confirm');
    await expect(engine.runSkill('demo.safe.confirm', { text: 'x' })).rejects.toMatchObject({ code: 'confirmation_required', status: 428 });
    await expect(
      engine.runSkill('demo.safe.confirm', { text: 'x' }, { confirmedCapabilities: ['other', 'safe.confirm'] }),
    ).resolves.toMatchObject({ outputs: { seen: 'x' } });
    const both = engineFor('safe.both');
    await expect(both.engine.runSkill('demo.safe.both', { text: 'x' }, {})).rejects.toMatchObject({ code: 'safety_denied' });
  });

  it('checks the router’s choice and every scatter member before invoking anything', async () => {
    const routed = defineSkill({
      id: 'demo.routed',
      steps: [{ id: 'act', uses: 'text.upper', input: { text: 'x' }, router: { on: "'risky'", cases: { risky: 'safe.elevated' } } }],
    });
    const scattered = defineSkill({
      id: 'demo.scattered',
      steps: [{ id: 'act', uses: 'text.upper', input: { text: 'x' }, scatter: { capabilities: ['text.upper', 'safe.confirm'] } }],
    });
    const { engine, invoker } = createTestEngine({ skills: [routed, scattered], capabilities: CAPABILITIES });
    await expect(engine.runSkill('demo.routed', {})).rejects.toMatchObject({ code: 'safety_denied' });
    await expect(engine.runSkill('demo.scattered', {})).rejects.toMatchObject({ code: 'confirmation_required' });
    expect(invoker.calls).toEqual([]);
  });
});

describe('pre gates', () => {
  it('invokes the gate with the step’s resolved input, without the conformance requirement; allowed → runs', async () => {
    const { engine, invoker } = engineFor('pre.block');
    await expect(
      engine.runSkill('demo.pre.block', { text: 'harmless' }, { requiredConformanceProfile: 'strict' }),
    ).resolves.toMatchObject({ outputs: { seen: 'harmless' } });
    expect(invoker.calls.map((call) => [call.capabilityId, call.input, call.requiredConformanceProfile])).toEqual([
      ['gate.check', { text: 'harmless' }, undefined],
      ['pre.block', { text: 'harmless' }, 'strict'],
      ['text.echo', { value: 'harmless' }, 'strict'],
    ]);
  });

  it('warn: emits safety_gate_warning and goes on', async () => {
    const { engine } = engineFor('pre.warn');
    const result = await engine.runSkill('demo.pre.warn', { text: 'forbidden' }, { includeTrace: true });
    expect(result.outputs).toEqual({ seen: 'forbidden' });
    expect(result.events?.map((event) => event.type)).toContain('safety_gate_warning');
    expect(result.events?.find((event) => event.type === 'safety_gate_warning')).toMatchObject({
      step_id: 'act',
      data: { capability_id: 'pre.warn', gate: 'gate.check', phase: 'pre', reason: 'the text mentions forbidden things' },
    });
  });

  it('degrade: the step ends degraded, writes nothing, and its dependants read null', async () => {
    const { engine, invoker } = engineFor('pre.degrade');
    const result = await engine.runSkill('demo.pre.degrade', { text: 'forbidden' }, { includeTrace: true });
    expect(result.outputs).toEqual({ seen: null });
    expect(invoker.callsOf('pre.degrade')).toEqual([]);
    expect(result.events?.map((event) => [event.type, event.step_id])).toEqual([
      ['skill_start', null],
      ['step_start', 'act'],
      ['step_degraded', 'act'],
      ['step_start', 'after'],
      ['step_completed', 'after'],
      ['skill_completed', null],
    ]);
    expect(result.events?.[2]).toMatchObject({
      message: "Step 'act' degraded by safety gate 'gate.check': the text mentions forbidden things",
      data: { capability_id: 'pre.degrade', gate: 'gate.check', phase: 'pre' },
    });
  });

  it.each([
    ['pre.human', 'confirmation_required', 428],
    ['pre.block', 'safety_denied', 403],
  ])('%s denies with %s', async (uses, code, status) => {
    const { engine, invoker } = engineFor(uses, {}, { retry: { max_attempts: 3 } });
    const error = await failureOf(engine.runSkill(`demo.${uses}`, { text: 'forbidden' }));
    expect(error).toMatchObject({ code, status, stepId: 'act' });
    expect(invoker.callsOf('gate.check')).toHaveLength(1);
    expect(invoker.callsOf(uses)).toEqual([]);
  });

  it.each(['pre.broken', 'pre.unknown', 'pre.picky'])('%s: a gate that cannot run is 503 gate_execution_failure', async (uses) => {
    const { engine, invoker } = engineFor(uses);
    const error = await failureOf(engine.runSkill(`demo.${uses}`, { text: 'x' }));
    expect(error).toMatchObject({ code: 'gate_execution_failure', status: 503, stepId: 'act' });
    expect(invoker.callsOf(uses)).toEqual([]);
  });

  it('does not apply safety checks to the gate capability itself', async () => {
    const { engine } = engineFor('pre.guarded-gate');
    await expect(engine.runSkill('demo.pre.guarded-gate', { text: 'x' })).resolves.toMatchObject({ outputs: { seen: 'x' } });
  });
});

describe('post gates', () => {
  it('degrade is honoured after the call: the step writes nothing', async () => {
    const { engine, invoker } = engineFor('post.degrade');
    const result = await engine.runSkill('demo.post.degrade', { text: 'forbidden' }, { includeTrace: true });
    expect(result.outputs).toEqual({ seen: null });
    expect(invoker.callsOf('post.degrade')).toHaveLength(1);
    expect(invoker.callsOf('gate.check').map((call) => call.input)).toEqual([{ text: 'forbidden' }]);
    expect(result.events?.find((event) => event.type === 'step_degraded')?.data).toMatchObject({ phase: 'post' });
  });

  it('block fails the step with 403', async () => {
    const { engine } = engineFor('post.block');
    await expect(engine.runSkill('demo.post.block', { text: 'forbidden' })).rejects.toMatchObject({ code: 'safety_denied' });
    await expect(engine.runSkill('demo.post.block', { text: 'fine' })).resolves.toMatchObject({ outputs: { seen: 'fine' } });
  });

  it('a degrading gate in a later while iteration leaves every iteration’s writes unwritten', async () => {
    const skill = defineSkill({
      id: 'demo.loop-degrade',
      steps: [
        {
          id: 'act',
          uses: 'post.degrade',
          input: { text: 'go' },
          output: { text: 'vars.next' },
          while: { condition: 'true', max_iterations: 5 },
        },
        { id: 'after', uses: 'text.echo', input: { value: 'vars.next' }, output: { value: 'outputs.seen' } },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill], capabilities: CAPABILITIES });
    // First iteration: 'ok' passes; the second produces 'forbidden' and the post gate degrades.
    let call = 0;
    invoker.define('post.degrade', () => ({ text: ++call === 1 ? 'ok' : 'forbidden' }));
    const result = await engine.runSkill('demo.loop-degrade', {}, { includeTrace: true });
    expect(result.outputs).toEqual({ seen: null });
    expect(call).toBe(2);
    expect(result.events?.filter((event) => event.step_id === 'act').map((event) => event.type)).toEqual(['step_start', 'step_degraded']);
  });
});
