import { describe, expect, it } from '@jest/globals';
import { isReference } from './is-reference.js';

describe('isReference', () => {
  it.each([
    'inputs.text',
    'vars.a',
    'outputs.summary',
    'frame.goal',
    'working.artifacts.x',
    'output.result',
    'extensions.k',
    'vars.a.b.0',
    'vars.',
  ])('%s is a reference', (value) => {
    expect(isReference(value)).toBe(true);
  });

  it.each([
    'Summarise it. Be brief.',
    'vars',
    'inputs',
    'Vars.a',
    'VARS.a',
    'input.text',
    'variables.a',
    '.vars.a',
    ' vars.a',
    'hello',
    '',
  ])('%j is a literal', (value) => {
    expect(isReference(value)).toBe(false);
  });

  it.each([null, undefined, 1, true, {}, ['vars.a'], { toString: () => 'vars.a' }])('%p (not a string) is not a reference', (value) => {
    expect(isReference(value)).toBe(false);
  });
});
