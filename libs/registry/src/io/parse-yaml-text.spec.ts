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

  it('refuses duplicate keys and unknown tags', () => {
    expect(parseYamlText('a: 1\na: 2\n').problems).toEqual([{ code: 'duplicate_key', message: 'duplicated mapping key (line 2, column 1)', severity: 'error' }]);
    expect(parseYamlText('a: !!js/function x\n').problems[0]?.code).toBe('yaml_syntax');
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
