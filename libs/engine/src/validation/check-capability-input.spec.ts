import { describe, expect, it } from '@jest/globals';
import { InvalidRequestError } from '@skill-service/contracts';
import { defineCapability, defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';
import { checkCapabilityInput } from './check-capability-input.js';

const capability = defineCapability({
  id: 'demo.typed',
  inputs: {
    text: { type: 'string', required: true },
    limit: { type: 'integer', required: false },
    mode: { type: 'string', required: false },
    loose: { type: 'whatever', required: false },
  },
});

describe('checkCapabilityInput', () => {
  it('returns the same object when nothing needs dropping, undeclared keys included', () => {
    const input = { text: 'a', limit: 2.0, extra: { x: 1 }, loose: [1] };
    expect(checkCapabilityInput(capability, input)).toBe(input);
  });

  it('drops a null optional field (absent) without touching the caller’s object', () => {
    const input = { text: 'a', limit: null, mode: 'fast' };
    expect(checkCapabilityInput(capability, input)).toEqual({ text: 'a', mode: 'fast' });
    expect(input).toEqual({ text: 'a', limit: null, mode: 'fast' });
  });

  it('names every bad field', () => {
    let caught: unknown;
    try {
      checkCapabilityInput(capability, { text: null, limit: 1.5, mode: false });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidRequestError);
    expect(caught).toMatchObject({
      message: "Invalid input for capability 'demo.typed': inputs.text is required; inputs.limit must be integer, got number; inputs.mode must be string, got boolean",
      details: [
        { path: 'inputs.text', message: 'is required' },
        { path: 'inputs.limit', message: 'must be integer, got number' },
        { path: 'inputs.mode', message: 'must be string, got boolean' },
      ],
    });
  });

  it('does not take booleans for numbers', () => {
    const numeric = defineCapability({ id: 'demo.n', inputs: { n: { type: 'number', required: true } } });
    expect(() => checkCapabilityInput(numeric, { n: true })).toThrow('inputs.n must be number, got boolean');
  });
});

describe('capability input checks in a run', () => {
  it('checks every foreach item and fails the step with a 400 naming the field', async () => {
    const skill = defineSkill({
      id: 'demo.items',
      inputs: { values: { type: 'array', required: true } },
      steps: [
        {
          id: 'shout',
          uses: 'text.upper',
          input: { text: 'vars.item' },
          output: { text: 'outputs.texts' },
          foreach: { items: 'inputs.values' },
        },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    const error = await failureOf(engine.runSkill('demo.items', { values: ['a', 'b', 3] }));
    expect(error).toMatchObject({
      code: 'invalid_request',
      stepId: 'shout',
      details: [{ path: 'inputs.text', message: 'must be string, got number' }],
    });
    expect(invoker.callsOf('text.upper')).toHaveLength(2);
  });

  it('does not retry an input the contract rejects', async () => {
    const skill = defineSkill({
      id: 'demo.retry-input',
      steps: [{ id: 'add', uses: 'math.add', input: { a: 1, b: 'two' }, retry: { max_attempts: 3 } }],
    });
    const { engine, invoker, sleeps } = createTestEngine({ skills: [skill] });
    const error = await failureOf(engine.runSkill('demo.retry-input', {}));
    expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(invoker.calls).toEqual([]);
    expect(sleeps).toEqual([]);
  });
});
