import { describe, expect, it } from '@jest/globals';
import { InvalidConfigurationError } from '@skill-service/contracts';
import { resolvePath } from '@skill-service/skill-language';
import { RunState } from './run-state.js';
import type { WritableNamespace, WriteTarget } from './write-target.js';

const target = (text: string): WriteTarget => {
  const [namespace, ...path] = text.split('.');
  return { text, namespace: namespace as WritableNamespace, path };
};

describe('RunState writes', () => {
  it('writes nested targets by creating intermediate objects, readable with or without flat keys', () => {
    const state = new RunState({});
    state.write(target('vars.a.b'), 1, 'overwrite', 's1');
    state.write(target('working.artifacts.plan.steps'), ['x'], 'overwrite', 's1');
    state.write(target('extensions.k'), true, 'overwrite', 's1');
    state.write(target('output.summary'), 'done', 'overwrite', 's1');
    expect(state.scope.vars).toEqual({ a: { b: 1 } });
    expect(resolvePath(state.scope.vars, ['a', 'b'])).toEqual({ found: true, value: 1 });
    expect(state.scope.working).toEqual({ artifacts: { plan: { steps: ['x'] } } });
    expect(state.scope.extensions).toEqual({ k: true });
    expect(state.scope.output).toEqual({ summary: 'done' });
  });

  it('never mutates a stored value: intermediate objects are copied', () => {
    const state = new RunState({});
    const produced = { title: 't' };
    state.write(target('vars.doc'), produced, 'overwrite', 's1');
    state.write(target('vars.doc.extra'), 1, 'overwrite', 's2');
    expect(produced).toEqual({ title: 't' });
    expect(state.scope.vars['doc']).toEqual({ title: 't', extra: 1 });
  });

  it('refuses to write below a value that is not an object', () => {
    const state = new RunState({});
    state.write(target('vars.n'), 5, 'overwrite', 's1');
    expect(() => state.write(target('vars.n.x'), 1, 'overwrite', 's2')).toThrow("Cannot write 'vars.n.x': 'vars.n' holds number, not an object");
  });

  it('overwrite: a second write by another step fails with 409, by the same step it replaces', () => {
    const state = new RunState({});
    state.write(target('outputs.x'), 1, 'overwrite', 's1');
    state.write(target('outputs.x'), 2, 'overwrite', 's1');
    expect(state.outputs).toEqual({ x: 2 });
    expect(() => state.write(target('outputs.x'), 3, 'overwrite', 's2')).toThrow(InvalidConfigurationError);
    expect(() => state.write(target('outputs.x'), 3, 'overwrite', 's2')).toThrow(
      "Target 'outputs.x' was already written by step 's1' (merge_strategy overwrite writes a target once)",
    );
  });

  it('replace overwrites silently; append concatenates lists; deep_merge merges objects', () => {
    const state = new RunState({});
    state.write(target('vars.x'), 1, 'overwrite', 's1');
    state.write(target('vars.x'), 2, 'replace', 's2');
    expect(state.scope.vars['x']).toBe(2);

    state.write(target('vars.list'), [1], 'append', 's1');
    state.write(target('vars.list'), [2, 3], 'append', 's2');
    expect(state.scope.vars['list']).toEqual([1, 2, 3]);
    expect(() => state.write(target('vars.list'), 4, 'append', 's3')).toThrow('merge_strategy append needs lists');
    expect(() => state.write(target('vars.x'), [4], 'append', 's3')).toThrow('merge_strategy append needs lists');

    state.write(target('vars.doc'), { a: { b: 1, c: 1 }, keep: true }, 'deep_merge', 's1');
    state.write(target('vars.doc'), { a: { c: 2 }, list: [1] }, 'deep_merge', 's2');
    expect(state.scope.vars['doc']).toEqual({ a: { b: 1, c: 2 }, keep: true, list: [1] });
    expect(() => state.write(target('vars.doc'), [1], 'deep_merge', 's3')).toThrow('merge_strategy deep_merge needs objects');
  });

  it('deep_merge ignores __proto__, constructor and prototype keys', () => {
    const state = new RunState({});
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "ok": 1}') as unknown;
    state.write(target('vars.doc'), { base: 1 }, 'deep_merge', 's1');
    state.write(target('vars.doc'), hostile, 'deep_merge', 's2');
    expect(state.scope.vars['doc']).toEqual({ base: 1, ok: 1 });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(state.scope.vars['doc'])).toBe(Object.prototype);
  });

  it('stores a __proto__ target as an own key, never as the prototype', () => {
    const state = new RunState({});
    state.write(target('vars.__proto__'), { polluted: true }, 'overwrite', 's1');
    expect(Object.getPrototypeOf(state.scope.vars)).toBe(Object.prototype);
    expect(Object.hasOwn(state.scope.vars, '__proto__')).toBe(true);
  });

  it('fork: writes stay in the fork until committed, then replace the targets', () => {
    const state = new RunState({ a: 1 });
    state.write(target('vars.other'), 'kept', 'overwrite', 's0');
    const fork = state.fork();
    fork.write(target('vars.loop.total'), 1, 'overwrite', 'loop');
    fork.write(target('vars.loop.total'), 2, 'overwrite', 'loop');
    expect(state.scope.vars).toEqual({ other: 'kept' });
    expect(fork.scope.inputs).toBe(state.scope.inputs);
    state.commit(fork, [target('vars.loop.total')], 'overwrite', 'loop');
    expect(state.scope.vars).toEqual({ other: 'kept', loop: { total: 2 } });
    expect(() => state.commit(fork, [target('vars.loop.total')], 'overwrite', 'another')).toThrow(InvalidConfigurationError);
  });
});
