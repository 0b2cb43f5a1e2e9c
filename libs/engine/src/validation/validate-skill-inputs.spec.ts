import { describe, expect, it } from '@jest/globals';
import { InvalidRequestError } from '@skill-service/contracts';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';
import { validateSkillInputs } from './validate-skill-inputs.js';

const skill = defineSkill({
  id: 'demo.inputs',
  inputs: {
    text: { type: 'string', required: true },
    count: { type: 'integer', required: false, default: 3 },
    ratio: { type: 'number' },
    flag: { type: 'boolean' },
    options: { type: 'object', default: { deep: { list: [1] } } },
    tags: { type: 'array' },
    anything: { type: 'custom-type' },
  },
  steps: [{ id: 'echo', uses: 'text.echo', input: { value: 'inputs.count' }, output: { value: 'outputs.count' } }],
});

const problemsOf = (inputs: unknown): unknown => {
  try {
    validateSkillInputs(skill, inputs);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError);
    return (error as InvalidRequestError).details;
  }
  throw new Error('expected invalid inputs');
};

describe('validateSkillInputs', () => {
  it('applies defaults to absent optional inputs, as a copy', () => {
    const result = validateSkillInputs(skill, { text: 'hi' });
    expect(result).toEqual({ text: 'hi', count: 3, options: { deep: { list: [1] } } });
    expect(result['options']).not.toBe(skill.inputs['options']?.default);
  });

  it('treats a null optional input as absent (default applied, or left out)', () => {
    expect(validateSkillInputs(skill, { text: 'hi', count: null, flag: null })).toEqual({
      text: 'hi',
      count: 3,
      options: { deep: { list: [1] } },
    });
  });

  it.each([
    ['integer accepts 1.0', { count: 1.0 }],
    ['number accepts an integer', { ratio: 2 }],
    ['unknown type names are not checked', { anything: [{ x: 1 }] }],
    ['object accepts a plain object', { options: {} }],
    ['array accepts a list', { tags: ['a'] }],
  ])('%s', (_name, extra) => {
    expect(() => validateSkillInputs(skill, { text: 'x', ...extra })).not.toThrow();
  });

  it('lists every bad field in one error', () => {
    expect(
      problemsOf({ count: 1.5, ratio: true, flag: 'yes', options: [1], tags: {}, extra: 1, text: null }),
    ).toEqual([
      { path: 'inputs.extra', message: 'is not a declared input' },
      { path: 'inputs.text', message: 'is required' },
      { path: 'inputs.count', message: 'must be integer, got number' },
      { path: 'inputs.ratio', message: 'must be number, got boolean' },
      { path: 'inputs.flag', message: 'must be boolean, got string' },
      { path: 'inputs.options', message: 'must be object, got array' },
      { path: 'inputs.tags', message: 'must be array, got object' },
    ]);
  });

  it('rejects a missing required input and inputs that are not an object', () => {
    expect(problemsOf({})).toEqual([{ path: 'inputs.text', message: 'is required' }]);
    expect(problemsOf([])).toEqual([{ path: 'inputs', message: 'must be an object, got array' }]);
    expect(problemsOf(null)).toEqual([{ path: 'inputs', message: 'must be an object, got null' }]);
  });

  it('rejects NaN and Infinity as numbers', () => {
    expect(problemsOf({ text: 'x', ratio: Number.NaN })).toEqual([{ path: 'inputs.ratio', message: 'must be number, got non-finite number' }]);
    expect(problemsOf({ text: 'x', ratio: Number.POSITIVE_INFINITY })).toHaveLength(1);
  });
});

describe('skill input validation in the engine', () => {
  it('rejects bad inputs with one 400 before anything runs, and passes defaults to the steps', async () => {
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    const events: unknown[] = [];
    const error = await failureOf(engine.runSkill('demo.inputs', { count: 'two' }, { onEvent: (event) => events.push(event) }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      status: 400,
      details: [
        { path: 'inputs.text', message: 'is required' },
        { path: 'inputs.count', message: 'must be integer, got string' },
      ],
    });
    expect(events).toEqual([]);
    expect(invoker.calls).toEqual([]);

    const result = await engine.runSkill('demo.inputs', { text: 'x' });
    expect(result.outputs).toEqual({ count: 3 });
  });
});
