import { describe, expect, it } from '@jest/globals';
import { InvalidRequestError, NotFoundError } from '@skill-service/contracts';
import { defineCapability } from './testing/define.js';
import { createTestEngine, failureOf } from './testing/test-engine.js';
import { SkillEngine } from './skill-engine.js';
import { InMemoryDefinitions } from './testing/in-memory-definitions.js';
import { FunctionInvoker } from './testing/function-invoker.js';

const gated = (id: string, safety: Record<string, unknown>) => ({
  definition: defineCapability({ id, inputs: { text: { type: 'string', required: true } }, safety: safety as never }),
  fn: (input: Record<string, unknown>) => ({ text: input['text'] }),
});

describe('executeCapability', () => {
  it('runs one capability and returns its outputs, meta and trace id', async () => {
    const { engine } = createTestEngine();
    await expect(engine.executeCapability('math.add', { a: 1, b: 2 }, { traceId: 't-1' })).resolves.toEqual({
      capability_id: 'math.add',
      outputs: { sum: 3 },
      trace_id: 't-1',
    });
  });

  it('rejects an unknown capability (404) and bad input (400 naming every field)', async () => {
    const { engine, invoker } = createTestEngine();
    await expect(engine.executeCapability('no.such', {})).rejects.toBeInstanceOf(NotFoundError);
    const error = await failureOf(engine.executeCapability('math.add', { a: 'one' }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      details: [
        { path: 'inputs.a', message: 'must be number, got string' },
        { path: 'inputs.b', message: 'is required' },
      ],
    });
    await expect(engine.executeCapability('math.add', [1, 2])).rejects.toMatchObject({
      details: [{ path: 'inputs', message: 'must be an object, got array' }],
    });
    expect(invoker.calls).toEqual([]);
  });

  it('applies trust, confirmation and gates; a degrading gate refuses (403)', async () => {
    const { engine } = createTestEngine({
      capabilities: [
        gated('safe.confirm', { requires_confirmation: true }),
        gated('safe.elevated', { trust_level: 'elevated' }),
        gated('pre.degrade', { mandatory_pre_gates: [{ capability: 'gate.check', on_fail: 'degrade' }] }),
        gated('post.warn', { mandatory_post_gates: [{ capability: 'gate.check', on_fail: 'warn' }] }),
      ],
    });
    await expect(engine.executeCapability('safe.confirm', { text: 'x' })).rejects.toMatchObject({ code: 'confirmation_required' });
    await expect(engine.executeCapability('safe.confirm', { text: 'x' }, { confirmedCapabilities: ['safe.confirm'] })).resolves.toMatchObject({
      outputs: { text: 'x' },
    });
    await expect(engine.executeCapability('safe.elevated', { text: 'x' })).rejects.toMatchObject({ code: 'safety_denied' });
    await expect(engine.executeCapability('pre.degrade', { text: 'forbidden' })).rejects.toMatchObject({
      code: 'safety_denied',
      status: 403,
      message: "Safety gate 'gate.check' denied capability 'pre.degrade' (pre): the text mentions forbidden things",
    });
    await expect(engine.executeCapability('post.warn', { text: 'forbidden' })).resolves.toMatchObject({ outputs: { text: 'forbidden' } });
  });

  it('times out one invocation (504), checks the output (502), passes provider codes through, never retries', async () => {
    const { engine, invoker } = createTestEngine();
    await expect(engine.executeCapability('wait.ignoring', {}, { timeoutSeconds: 0.02 })).rejects.toMatchObject({ code: 'step_timeout', status: 504 });
    await expect(engine.executeCapability('bad.array', {})).rejects.toMatchObject({ code: 'upstream_failure', status: 502 });
    await expect(engine.executeCapability('fail.coded', { code: 'conformance_unmet' }, { requiredConformanceProfile: 'strict' })).rejects.toMatchObject({
      code: 'conformance_unmet',
      status: 412,
    });
    expect(invoker.callsOf('fail.coded')).toEqual([expect.objectContaining({ requiredConformanceProfile: 'strict' })]);
    await expect(engine.executeCapability('flaky.until', { succeed_on: 2 })).rejects.toMatchObject({ code: 'upstream_failure' });
  });

  it('checks the input before trust and confirmation', async () => {
    const { engine } = createTestEngine({ capabilities: [gated('safe.confirm', { requires_confirmation: true })] });
    await expect(engine.executeCapability('safe.confirm', {})).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('reports a cancellation during a gate as a cancellation, not as a gate failure', async () => {
    const { engine } = createTestEngine({
      capabilities: [gated('pre.slow', { mandatory_pre_gates: [{ capability: 'wait.abortable', on_fail: 'block' }] })],
    });
    const controller = new AbortController();
    const call = engine.executeCapability('pre.slow', { text: 'x' }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'service_unavailable', message: 'Run cancelled' });
  });

  it('returns the invoker meta when there is one, and honours cancellation', async () => {
    const definitions = new InMemoryDefinitions([defineCapability({ id: 'demo.meta' })]);
    const meta = {
      binding_id: 'b',
      service_id: 's',
      conformance_profile: 'standard',
      required_conformance_profile: 'experimental',
      fallback_used: false,
      fallback_chain: ['b'],
      attempts: [],
      resolution_plan: { capability_id: 'demo.meta', selection_source: 'first_official' as const, primary_binding_id: 'b', required_conformance_profile: 'experimental', chain: [] },
      resolution_ms: 1,
    };
    const invoker = new FunctionInvoker().define('demo.meta', () => ({ ok: true }), meta);
    const engine = new SkillEngine({ definitions, invoker });
    await expect(engine.executeCapability('demo.meta', {})).resolves.toMatchObject({ outputs: { ok: true }, meta });
    await expect(engine.executeCapability('demo.meta', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});

describe('SkillEngine configuration', () => {
  it.each([
    [{ maxConcurrentSteps: 0 }, 'maxConcurrentSteps'],
    [{ maxConcurrentSteps: 1.5 }, 'maxConcurrentSteps'],
    [{ maxSkillDepth: -1 }, 'maxSkillDepth'],
    [{ defaultStepTimeoutSeconds: 0 }, 'defaultStepTimeoutSeconds'],
    [{ maxOutputBytes: Number.NaN }, 'maxOutputBytes'],
    [{ maxTrustLevel: 'root' }, 'maxTrustLevel'],
    [{ defaultAuditMode: 'loud' }, 'defaultAuditMode'],
  ])('rejects %j at construction', (config, name) => {
    expect(() => new SkillEngine({ definitions: new InMemoryDefinitions(), invoker: new FunctionInvoker(), ...(config as object) })).toThrow(name);
  });
});
