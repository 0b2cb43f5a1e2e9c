import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { LinearRegExp, PatternBudgetError, UnsupportedPatternError, withStepBudget } from './linear-regexp.js';

describe('LinearRegExp', () => {
  it.each([
    ['^[A-Z]{3}$', ['EUR', 'USD'], ['eur', 'EURO', '']],
    ['^\\d{4}-\\d{2}-\\d{2}$', ['2025-03-01'], ['2025-3-1', 'x2025-03-01']],
    ['colou?r', ['color', 'my colour'], ['colr']],
    ['^(ab|cd)+$', ['abcdab'], ['abc', '']],
    ['\\bcat\\b', ['a cat sat'], ['concatenate']],
    ['^\\p{Lu}\\p{Ll}+$', ['Émile'], ['émile']],
    ['^.{2}$', ['😀a'], ['😀']],
    ['^[^\\s@]+@[^\\s@]+$', ['a@b'], ['a @b']],
    ['^(?<year>\\d{4})$', ['2025'], ['25']],
    ['^a{2,}b{0,1}$', ['aa', 'aaab'], ['a', 'aabb']],
    ['^\\u{1F600}$', ['😀'], ['😁']],
    ['^\\uD83D\\uDE00$', ['😀'], ['x']],
    ['^(a*)*$', ['', 'aaaa'], ['ab']],
    ['', ['', 'x'], []],
  ])('%s matches as ECMAScript does', (pattern, yes, no) => {
    const regex = new LinearRegExp(pattern);
    for (const text of yes) expect(regex.test(text)).toBe(true);
    for (const text of no) expect(regex.test(text)).toBe(false);
  });

  it('agrees with the native engine on random patterns and texts', () => {
    const atom = fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', '\\d', '\\w', '(a|b)', '(?:ab)', '\\b');
    const quantifier = fc.constantFrom('', '*', '+', '?', '{2}', '{1,3}', '{0,}');
    const term = fc.tuple(atom, quantifier).map(([a, q]) => (a === '\\b' ? a : a + q));
    const pattern = fc.tuple(fc.boolean(), fc.array(term, { minLength: 1, maxLength: 5 }), fc.boolean(), fc.option(fc.array(term, { maxLength: 3 })))
      .map(([start, terms, end, alternative]) => `${start ? '^' : ''}${terms.join('')}${alternative === null ? '' : `|${alternative.join('')}`}${end ? '$' : ''}`);
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '1', ' ', 'é'), maxLength: 12 });
    fc.assert(
      fc.property(pattern, text, (source, input) => {
        expect(new LinearRegExp(source).test(input)).toBe(new RegExp(source, 'u').test(input));
      }),
      { numRuns: 2_000 },
    );
  });

  it('answers catastrophic-backtracking patterns in linear time', () => {
    const input = `${'a'.repeat(50_000)}!`;
    for (const pattern of ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '^(.*a){12}$', '^(\\w+\\s?)*$']) {
      const started = Date.now();
      expect(new LinearRegExp(pattern).test(input)).toBe(false);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });

  it('refuses what it cannot run in linear time, and syntax errors as the native engine does', () => {
    expect(() => new LinearRegExp('(a)\\1')).toThrow(UnsupportedPatternError);
    expect(() => new LinearRegExp('(?<x>a)\\k<x>')).toThrow(UnsupportedPatternError);
    expect(() => new LinearRegExp('a(?=b)')).toThrow(UnsupportedPatternError);
    expect(() => new LinearRegExp('(?<!a)b')).toThrow(UnsupportedPatternError);
    expect(() => new LinearRegExp('(a{1000}){1000}')).toThrow(UnsupportedPatternError);
    expect(() => new LinearRegExp('x'.repeat(2_001))).toThrow(UnsupportedPatternError);
    expect(() => new LinearRegExp('(')).toThrow(SyntaxError);
    expect(() => new LinearRegExp('\\q')).toThrow(SyntaxError);
  });

  it('stops when the shared step budget runs out', () => {
    const regex = new LinearRegExp('(a|b|c)*d');
    expect(() => withStepBudget(1_000, () => regex.test('abc'.repeat(1_000)))).toThrow(PatternBudgetError);
    expect(withStepBudget(1_000_000, () => regex.test('abcd'))).toBe(true);
  });

  it('names itself by its source, so compiled schemas can tell patterns apart', () => {
    expect(String(new LinearRegExp('^a$'))).toBe('/^a$/u');
  });
});
