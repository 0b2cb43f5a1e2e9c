import { describe, expect, it } from '@jest/globals';
import { readReference } from './read-reference.js';
import type { ReferenceScope } from './reference-scope.js';

const scope: ReferenceScope = {
  inputs: { text: 'hello', 'obj.text': 'flat', obj: { text: 'nested' } },
  vars: { 'a.b': 1, a: { b: 2 }, list: [{ id: 'first' }] },
  outputs: { summary: 's' },
  working: { artifacts: { plan: 'p' } },
};

describe('readReference', () => {
  it.each<[string, unknown]>([
    ['inputs.text', 'hello'],
    ['inputs.obj.text', 'flat'],
    ['vars.a.b', 1],
    ['vars.a', { b: 2 }],
    ['vars.list.0.id', 'first'],
    ['outputs.summary', 's'],
    ['working.artifacts.plan', 'p'],
  ])('%s → %j', (ref, value) => {
    expect(readReference(scope, ref)).toEqual({ found: true, value });
  });

  it.each([
    'inputs.missing',
    'vars.list.1',
    'vars.__proto__',
    'vars.constructor',
    'frame.goal',
    'output.result',
    'extensions.x',
    'vars',
    'Summarise it. Be brief.',
    'scope.vars',
  ])('%s is not found', (ref) => {
    expect(readReference(scope, ref)).toEqual({ found: false, value: undefined });
  });
});
