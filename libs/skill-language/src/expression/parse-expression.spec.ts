import { describe, expect, it } from '@jest/globals';
import { ExpressionError } from './expression-error.js';
import { MAX_CACHED_EXPRESSIONS, MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH } from './limits.js';
import { parseExpression } from './parse-expression.js';
import { printExpression } from './print-expression.js';

/** Canonical, fully explicit form of the parsed tree (bare identifiers gain `vars.`). */
const canonical = (source: string): string => printExpression(parseExpression(source).root);

function parseError(source: string): ExpressionError {
  try {
    parseExpression(source);
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw new Error(`expected an ExpressionError, got ${String(error)}`);
  }
  throw new Error(`expected ${JSON.stringify(source)} not to parse`);
}

describe('parseExpression: structure and precedence', () => {
  it.each<[string, string]>([
    ['not a == b', 'not vars.a == vars.b'],
    ['(not a) == b', '(not vars.a) == vars.b'],
    ['a or b and c', 'vars.a or vars.b and vars.c'],
    ['(a or b) and c', '(vars.a or vars.b) and vars.c'],
    ['a and b or c and d', 'vars.a and vars.b or vars.c and vars.d'],
    ['not not a', 'not not vars.a'],
    ['not a and b', 'not vars.a and vars.b'],
    ['not (a and b)', 'not (vars.a and vars.b)'],
    ['-5', '-5'],
    ['--5', '--5'],
    ['- 5', '-5'],
    ['-(1)', '-1'],
    ['-(a == b)', '-(vars.a == vars.b)'],
    ['vars.n > -5', 'vars.n > -5'],
    ['-a == b', '-vars.a == vars.b'],
    ['((((1))))', '1'],
    ['[]', '[]'],
    ['[1, "two", [3], a]', "[1, 'two', [3], vars.a]"],
    ['[a or b, not c]', '[vars.a or vars.b, not vars.c]'],
    ['x in [1, 2]', 'vars.x in [1, 2]'],
    ['x not in [1, 2]', 'vars.x not in [1, 2]'],
    ['x not  in y', 'vars.x not in vars.y'],
    ['a==b', 'vars.a == vars.b'],
    ['1!=2', '1 != 2'],
    ['1>=2', '1 >= 2'],
    ['1<=2', '1 <= 2'],
    ['1<2', '1 < 2'],
    ['1>2', '1 > 2'],
    ['1.50', '1.5'],
    ['007', '7'],
    ['"it\'s"', '"it\'s"'],
    ["'say \"hi\"'", '\'say "hi"\''],
    ['""', "''"],
    ['none', 'null'],
    ['null', 'null'],
    ['true or false', 'true or false'],
    ['True', 'vars.True'],
    ['score', 'vars.score'],
    ['vars', 'vars.vars'],
    ['a.b', 'vars.a.b'],
    ['input.x', 'vars.input.x'],
    ['vars.list.0.id', 'vars.list.0.id'],
    ['inputs.x_1.Y2', 'inputs.x_1.Y2'],
    ['frame.goal', 'frame.goal'],
    ['extensions.a', 'extensions.a'],
    ['\t a \n== \r b ', 'vars.a == vars.b'],
    ['andy or orange', 'vars.andy or vars.orange'],
    ['1 and 2', '1 and 2'],
  ])('%s  ⇒  %s', (source, expected) => {
    expect(canonical(source)).toBe(expected);
  });

  it('makes and/or n-ary', () => {
    const { root } = parseExpression('a or b or c');
    expect(root.kind).toBe('or');
    expect(root.kind === 'or' && root.operands.length).toBe(3);
  });

  it('records namespace and path of references', () => {
    expect(parseExpression('inputs.a.0').root).toEqual({ kind: 'reference', namespace: 'inputs', path: ['a', '0'], position: 0 });
    expect(parseExpression(' score').root).toEqual({ kind: 'reference', namespace: 'vars', path: ['score'], position: 1 });
  });

  it('returns frozen trees', () => {
    const ast = parseExpression('[a, 1] == b');
    expect(Object.isFrozen(ast)).toBe(true);
    expect(Object.isFrozen(ast.root)).toBe(true);
    expect(ast.root.kind === 'compare' && Object.isFrozen(ast.root.left)).toBe(true);
  });
});

describe('parseExpression: errors', () => {
  it.each<[string, number, RegExp]>([
    ['a & b', 2, /unexpected character "&" \(U\+0026\) at position 2/],
    ['$x', 0, /"\$" \(U\+0024\)/],
    ['a @ b', 2, /"@" \(U\+0040\)/],
    ['`x`', 0, /"`" \(U\+0060\)/],
    ['a = b', 2, /"=".*==/],
    ['!a', 0, /"!"/],
    ['a + 1', 2, /"\+"/],
    ['1 * 2', 2, /"\*"/],
    ['x == é', 5, /"é" \(U\+00E9\)/],
    ['x == 😀', 5, /U\+1F600/],
    ['a\u00a0b', 1, /U\+00A0/],
    ['a\u0000', 1, /"\\u0000" \(U\+0000\)/],
    ['.5', 0, /"\."/],
    ['vars . a', 5, /"\."/],
    ['"abc', 0, /unterminated string at position 0/],
    ["x == 'abc", 5, /unterminated string/],
    ['\'a"', 0, /unterminated string/],
    ['1 2', 2, /unexpected "2" at position 2/],
    ['a b', 2, /unexpected "b"/],
    ['(1) (2)', 4, /unexpected "\("/],
    ['1 < 2 < 3', 6, /cannot be chained/],
    ['a == b == c', 7, /cannot be chained/],
    ['a in b not in c', 7, /cannot be chained/],
    ['', 0, /empty expression/],
    ['   ', 0, /empty expression/],
    ['(', 1, /unexpected end of expression/],
    ['(1', 2, /expected "\)" but found the end/],
    ['[1, 2', 5, /expected "," or "]"/],
    ['[1 2]', 3, /expected "," or "]" but found "2"/],
    ['[1,]', 3, /unexpected "]"/],
    ['[,]', 1, /unexpected ","/],
    [')', 0, /unexpected "\)"/],
    ['a ==', 4, /unexpected end/],
    ['== a', 0, /unexpected "=="/],
    ['a and', 5, /unexpected end/],
    ['or a', 0, /unexpected "or"/],
    ['not', 3, /unexpected end/],
    ['a not b', 2, /unexpected "not"/],
    ['not in [1]', 4, /unexpected "in"/],
    ['a == not b', 5, /unexpected "not"/],
    ['-', 1, /unexpected end/],
    ['vars.', 4, /path segment after "\."/],
    ['vars..a', 4, /path segment after "\."/],
    ['vars.a.', 6, /path segment after "\."/],
    ['vars.in', 5, /keyword "in" cannot be a path segment/],
    ['vars.x.true', 7, /keyword "true"/],
    ['not.x', 0, /keyword "not"/],
    ['true.x', 0, /keyword "true"/],
    ['1.', 1, /digits after the decimal point/],
    ['1.a', 1, /digits after the decimal point/],
    ['1.2.3', 3, /"\."/],
    ['9'.repeat(400), 0, /number is too large/],
  ])('%j fails at %i', (source, position, message) => {
    const error = parseError(source);
    expect(error).toBeInstanceOf(ExpressionError);
    expect(error.name).toBe('ExpressionError');
    expect(error.code).toBe('invalid_request');
    expect(error.reason).toBe('syntax');
    expect(error.expression).toBe(source);
    expect(error.position).toBe(position);
    expect(error.message).toMatch(message);
  });

  it('rejects an expression longer than the limit', () => {
    const atLimit = `${'1 or '.repeat((MAX_EXPRESSION_LENGTH - 1) / 5)}1`;
    expect(atLimit.length).toBe(MAX_EXPRESSION_LENGTH);
    expect(parseExpression(atLimit).root.kind).toBe('or');
    const error = parseError(`${atLimit} `);
    expect(error.reason).toBe('limit');
    expect(error.message).toMatch(/longer than 4096 characters/);
  });

  it.each<[string, (depth: number) => string]>([
    ['parentheses', (n) => `${'('.repeat(n)}1${')'.repeat(n)}`],
    ['lists', (n) => `${'['.repeat(n)}${']'.repeat(n)}`],
    ['not', (n) => `${'not '.repeat(n)}a`],
    ['unary minus', (n) => `${'-'.repeat(n)}1`],
    ['a mix of all four', (n) => `${'not (-['.repeat(Math.ceil(n / 4))}1${'])'.repeat(Math.ceil(n / 4))}`],
  ])('limits nesting of %s to 64 levels', (_, nest) => {
    expect(() => parseExpression(nest(MAX_NESTING_DEPTH))).not.toThrow();
    const error = parseError(nest(MAX_NESTING_DEPTH + 1));
    expect(error.reason).toBe('limit');
    expect(error.message).toMatch(/deeper than 64 levels/);
  });

  it('fails deep nesting of the maximum length without overflowing the stack', () => {
    for (const source of ['('.repeat(MAX_EXPRESSION_LENGTH), '['.repeat(MAX_EXPRESSION_LENGTH), '-'.repeat(MAX_EXPRESSION_LENGTH)]) {
      expect(parseError(source).reason).toBe('limit');
    }
  });

  it('rejects a non-string with an ExpressionError', () => {
    expect(() => parseExpression(42 as unknown as string)).toThrow(ExpressionError);
    expect(() => parseExpression(undefined as unknown as string)).toThrow(ExpressionError);
  });
});

describe('parseExpression: cache', () => {
  it('returns the same tree for the same text', () => {
    expect(parseExpression('cached == 1')).toBe(parseExpression('cached == 1'));
  });

  it('keeps a bounded number of trees, dropping the least recently used', () => {
    const first = parseExpression('first_entry == 1');
    const kept = parseExpression('kept_entry == 1');
    for (let i = 0; i < MAX_CACHED_EXPRESSIONS; i++) {
      if (i % 100 === 0) expect(parseExpression('kept_entry == 1')).toBe(kept);
      parseExpression(`filler == ${i}`);
    }
    expect(parseExpression('kept_entry == 1')).toBe(kept);
    expect(parseExpression('first_entry == 1')).not.toBe(first);
  });
});
