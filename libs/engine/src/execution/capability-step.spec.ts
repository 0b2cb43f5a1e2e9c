import { describe, expect, it } from '@jest/globals';
import { defineCapability, defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';

const pipeline = defineSkill({
  id: 'demo.shout',
  inputs: { text: { type: 'string', required: true } },
  outputs: { shout: { type: 'string', required: true } },
  steps: [
    { id: 'split', uses: 'list.split', input: { text: 'inputs.text', separator: ' ' }, output: { items: 'vars.words' } },
    { id: 'count', uses: 'list.length', input: { items: 'vars.words' }, output: { count: 'outputs.words' } },
    { id: 'upper', uses: 'text.upper', input: { text: 'inputs.text' }, output: { text: 'outputs.shout' } },
  ],
});

describe('capability steps', () => {
  it('runs a skill through the invoker and returns its outputs', async () => {
    const { engine } = createTestEngine({ skills: [pipeline] });
    const result = await engine.runSkill('demo.shout', { text: 'hello big world' }, { traceId: 'trace-1' });
    expect(result).toEqual({ skill_id: 'demo.shout', status: 'completed', outputs: { words: 3, shout: 'HELLO BIG WORLD' }, trace_id: 'trace-1' });
  });

  it('reports the raw produced object and the invoker meta in step_completed', async () => {
    const meta = {
      binding_id: 'upper-python',
      service_id: null,
      conformance_profile: 'standard',
      required_conformance_profile: 'experimental',
      fallback_used: false,
      fallback_chain: ['upper-python'],
      attempts: [{ binding_id: 'upper-python', service_id: null, status: 'success' as const, conformance_profile: 'standard' }],
      resolution_plan: {
        capability_id: 'text.upper',
        selection_source: 'official_default' as const,
        primary_binding_id: 'upper-python',
        required_conformance_profile: 'experimental',
        chain: [],
      },
      resolution_ms: 0.1,
    };
    const { engine, invoker } = createTestEngine({ skills: [pipeline] });
    invoker.define('text.upper', (input) => ({ text: String(input['text']).toUpperCase(), extra: 1 }), meta);
    const result = await engine.runSkill('demo.shout', { text: 'a b' }, { includeTrace: true });
    const completed = result.events?.find((event) => event.type === 'step_completed' && event.step_id === 'upper');
    expect(completed?.data).toEqual({ ...meta, produced_output: { text: 'A B', extra: 1 } });
  });

  describe('router', () => {
    const routed = defineSkill({
      id: 'demo.route',
      inputs: { mode: { type: 'any' } },
      outputs: { result: { type: 'any' } },
      steps: [
        {
          id: 'pick',
          uses: 'text.echo',
          input: { text: { literal: 'Route me' }, value: 'inputs.mode' },
          output: { text: 'outputs.result' },
          router: { on: 'inputs.mode', cases: { true: 'text.upper', '2': 'text.upper', loud: 'text.upper' }, default: 'text.lower' },
        },
      ],
    });
    const lower = defineCapability({ id: 'text.lower', inputs: { text: { type: 'string', required: true } }, outputs: { text: { type: 'string', required: true } } });

    it.each([
      ['a boolean, spelled as JS does', true, 'ROUTE ME', 'true'],
      ['a number', 2, 'ROUTE ME', '2'],
      ['a string', 'loud', 'ROUTE ME', 'loud'],
      ['no matching case: the default', 'quiet', 'route me', 'default'],
    ])('compares %s with the case keys', async (_name, mode, expected, matched) => {
      const { engine } = createTestEngine({
        skills: [routed],
        capabilities: [{ definition: lower, fn: (input) => ({ text: String(input['text']).toLowerCase() }) }],
      });
      const result = await engine.runSkill('demo.route', { mode }, { includeTrace: true });
      expect(result.outputs).toEqual({ result: expected });
      const completed = result.events?.find((event) => event.type === 'step_completed');
      expect(completed?.data).toMatchObject({ router_matched: matched });
    });

    it('fails invalid_request when no case matches and there is no default', async () => {
      const noDefault = defineSkill({
        ...routed,
        id: 'demo.route-strict',
        steps: [{ ...routed.steps[0], router: { on: 'inputs.mode', cases: { a: 'text.upper' } } }],
      });
      const { engine } = createTestEngine({ skills: [noDefault] });
      const error = await failureOf(engine.runSkill('demo.route-strict', { mode: 'b' }));
      expect(error).toMatchObject({ code: 'invalid_request', stepId: 'pick' });
      expect(error.message).toBe("Step 'pick' failed: Router of step 'pick' has no case for 'b' and no default");
    });
  });

  it('fails with 409 when a step uses a capability that does not exist', async () => {
    const skill = defineSkill({ id: 'demo.missing', steps: [{ id: 'ghost', uses: 'no.such.capability' }] });
    const { engine } = createTestEngine({ skills: [skill] });
    const error = await failureOf(engine.runSkill('demo.missing', {}));
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409, stepId: 'ghost' });
  });
});
