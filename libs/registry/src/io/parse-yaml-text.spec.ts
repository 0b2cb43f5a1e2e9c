import { describe, expect, it } from '@jest/globals';
import { parseYamlText } from './parse-yaml-text.js';

describe('parseYamlText', () => {
  it('reads YAML 1.2 core-schema scalars (on/yes/no stay strings)', () => {
    expect(parseYamlText('on: yes\noff: no\nn: 0o17\nm: 017\nf: 1.5e3\nu: 1_000\nt: true\nz: ~\nq: "on"\n').value).toEqual({
      on: 'yes',
      off: 'no',
      n: 15,
      m: 17,
      f: 1500,
      u: '1_000',
      t: true,
      z: null,
      q: 'on',
    });
  });

  it('reads block scalars, flow collections and comments', () => {
    expect(parseYamlText('# c\ndesc: |\n  line 1\n  line 2\nlist: [a, {b: 1}]\n').value).toEqual({ desc: 'line 1\nline 2\n', list: ['a', { b: 1 }] });
  });

  it('keeps a __proto__ key as data without touching prototypes', () => {
    const value = parseYamlText('__proto__: {polluted: 1}\n').value as Record<string, unknown>;
    expect(Object.getOwnPropertyNames(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('treats an empty or comment-only document as null', () => {
    expect(parseYamlText('')).toEqual({ value: null, problems: [] });
    expect(parseYamlText('# nothing\n')).toEqual({ value: null, problems: [] });
  });

  it('reports syntax errors with their line and column', () => {
    const outcome = parseYamlText('a: [1, 2\nb: 3\n');
    expect(outcome.value).toBeUndefined();
    expect(outcome.problems).toEqual([{ code: 'yaml_syntax', message: 'missed comma between flow collection entries (line 2, column 1)', severity: 'error' }]);
  });

  it('refuses unknown tags', () => {
    expect(parseYamlText('a: !!js/function x\n').problems[0]?.code).toBe('yaml_syntax');
  });

  it('keeps the last value of a duplicate key and warns with its path and both lines', () => {
    expect(parseYamlText('a: 1\na: 2\n')).toEqual({
      value: { a: 2 },
      problems: [{ code: 'duplicate_key', message: 'key "a" is written twice (lines 1 and 2); the last value (line 2) is used', severity: 'warning', path: ['a'] }],
    });
  });

  it('locates duplicates in nested block mappings, flow mappings, lists and quoted keys', () => {
    const text = [
      'id: x', //                               1
      'metadata:', //                           2
      '  status: stable', //                    3
      '  tags: [a, b]', //                      4
      '  layer: operational', //                5
      '  tags:', //                             6
      '    - c', //                             7
      'inputs: {t: {type: string, type: integer}}', // 8
      'steps:', //                              9
      '  - id: s', //                           10
      '    "id": t', //                         11
      'tags: [top]', //                         12
    ].join('\n');
    const outcome = parseYamlText(text);
    expect(outcome.value).toEqual({
      id: 'x',
      metadata: { status: 'stable', tags: ['c'], layer: 'operational' },
      inputs: { t: { type: 'integer' } },
      steps: [{ id: 't' }],
      tags: ['top'],
    });
    expect(outcome.problems.map((problem) => [problem.path, problem.message, problem.severity])).toEqual([
      [['metadata', 'tags'], 'key "metadata.tags" is written twice (lines 4 and 6); the last value (line 6) is used', 'warning'],
      [['inputs', 't', 'type'], 'key "inputs.t.type" is written twice on line 8; the last value is used', 'warning'],
      [['steps', 0, 'id'], 'key "steps[0].id" is written twice (lines 10 and 11); the last value (line 11) is used', 'warning'],
    ]);
  });

  it('still reports a syntax error in a file that also has a duplicate key', () => {
    const outcome = parseYamlText('a: 1\na: 2\nb: [1, 2\nc: 3\n');
    expect(outcome.value).toBeUndefined();
    expect(outcome.problems.map((problem) => problem.code)).toEqual(['yaml_syntax']);
  });

  it('refuses a billion-laughs document quickly', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) levels.push(`${'abcdefghi'[i]}: &${'abcdefghi'[i]} [${Array(10).fill(`*${'abcdefghi'[i - 1]}`).join(', ')}]`);
    const started = Date.now();
    const outcome = parseYamlText(`${levels.join('\n')}\n`);
    expect(outcome.problems).toEqual([{ code: 'yaml_alias_limit', message: expect.stringContaining('aliases expand beyond'), severity: 'error' }]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('accepts a few honest aliases', () => {
    expect(parseYamlText('base: &b {type: string}\nother: *b\n').value).toEqual({ base: { type: 'string' }, other: { type: 'string' } });
  });

  it('refuses absurd nesting instead of overflowing the stack', () => {
    expect(parseYamlText(`${'['.repeat(50_000)}${']'.repeat(50_000)}`).problems[0]?.code).toBe('yaml_resource_limit');
  });
});
