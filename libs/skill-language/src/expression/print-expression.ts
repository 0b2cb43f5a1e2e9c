import type { ExpressionNode } from './expression-ast.js';
import { ExpressionError } from './expression-error.js';

// Binding strength, loosest first; a child weaker than its context is parenthesised.
const OR = 1;
const AND = 2;
const NOT = 3;
const COMPARE = 4;
const UNARY = 5;
const VALUE = 6;

/**
 * Prints a node as canonical source text that parses back to the same tree (bare identifiers are
 * printed with their `vars.` namespace). Used for diagnostics and round-trip tests.
 */
export function printExpression(node: ExpressionNode): string {
  return print(node, OR);
}

function print(node: ExpressionNode, context: number): string {
  const [text, strength] = printBare(node);
  return strength < context ? `(${text})` : text;
}

function printBare(node: ExpressionNode): [string, number] {
  switch (node.kind) {
    case 'literal':
      return printLiteral(node.value);
    case 'list':
      return [`[${node.items.map((item) => print(item, OR)).join(', ')}]`, VALUE];
    case 'reference':
      return [[node.namespace, ...node.path].join('.'), VALUE];
    case 'negate':
      return [`-${print(node.operand, UNARY)}`, UNARY];
    case 'not':
      return [`not ${print(node.operand, NOT)}`, NOT];
    case 'and':
      return [node.operands.map((operand) => print(operand, NOT)).join(' and '), AND];
    case 'or':
      return [node.operands.map((operand) => print(operand, AND)).join(' or '), OR];
    case 'compare':
      return [`${print(node.left, UNARY)} ${node.operator} ${print(node.right, UNARY)}`, COMPARE];
  }
}

function printLiteral(value: null | boolean | number | string): [string, number] {
  if (value === null || typeof value === 'boolean') return [String(value), VALUE];
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw unprintable(`the number ${value}`);
    // The grammar has no negative literals: -5 is unary minus applied to 5.
    return value < 0 || Object.is(value, -0) ? [`-${plainDecimal(-value)}`, UNARY] : [plainDecimal(value), VALUE];
  }
  if (!value.includes("'")) return [`'${value}'`, VALUE];
  if (!value.includes('"')) return [`"${value}"`, VALUE];
  throw unprintable('a string containing both quote characters');
}

/** The grammar has no exponent notation, so 1e-7 is written 0.0000001. */
function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const digits = `${match[1] ?? ''}${match[2] ?? ''}`;
  const point = 1 + Number(match[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

function unprintable(what: string): ExpressionError {
  return new ExpressionError(`${what} cannot be written in the expression language`, { expression: '', reason: 'syntax' });
}
