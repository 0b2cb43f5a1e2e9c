import { describe, expect, it } from '@jest/globals';
import type { ExpressionNode } from './expression-ast.js';
import { evaluateExpression } from './evaluate-expression.js';
import { ExpressionError } from './expression-error.js';
import { parseExpression } from './parse-expression.js';
import { printExpression } from './print-expression.js';

const EMPTY_SCOPE = { inputs: {}, vars: {}, outputs: {} };
const literal = (value: null | boolean | number | string): ExpressionNode => ({ kind: 'literal', value, position: 0 });

describe('printExpression', () => {
  it.each<[number, string]>([
    [0, '0'],
    [1.5, '1.5'],
    [1e21, '1000000000000000000000'],
    [1.5e22, '15000000000000000000000'],
    [1e-7, '0.0000001'],
    [1.25e-7, '0.000000125'],
    [Number.MAX_VALUE, `17976931348623157${'0'.repeat(292)}`],
    [-5, '-5'],
    [-0, '-0'],
    [-2.5e-8, '-0.000000025'],
  ])('writes %p as %s, which parses back to the same number', (value, text) => {
    expect(printExpression(literal(value))).toBe(text);
    const reparsed = parseExpression(text).root;
    const back = reparsed.kind === 'negate' ? evaluateExpression({ source: text, root: reparsed }, EMPTY_SCOPE) : undefined;
    expect(reparsed.kind === 'literal' ? reparsed.value : back).toBe(value);
  });

  it('parenthesises a negative literal where the grammar needs it', () => {
    const node: ExpressionNode = { kind: 'compare', operator: '>', left: literal(1), right: literal(-5), position: 0 };
    expect(printExpression(node)).toBe('1 > -5');
  });

  it.each<[string, ExpressionNode]>([
    ['an infinite number', literal(Number.POSITIVE_INFINITY)],
    ['NaN', literal(Number.NaN)],
    ['a string with both quotes', literal(`'"`)],
  ])('refuses %s with an ExpressionError', (_, node) => {
    expect(() => printExpression(node)).toThrow(ExpressionError);
  });

  it('chooses a quote the string does not contain', () => {
    expect(printExpression(literal("it's"))).toBe(`"it's"`);
    expect(printExpression(literal('say "hi"'))).toBe(`'say "hi"'`);
  });
});
