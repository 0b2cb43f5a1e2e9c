import { readNamespacePath, type ReferenceScope } from '../references/index.js';
import type { ComparisonNode, ExpressionAst, ExpressionNode } from './expression-ast.js';
import { ExpressionError, toExpressionError } from './expression-error.js';
import { jsonEquals } from './json-equals.js';
import { isTruthy } from './truthiness.js';

/**
 * Evaluates a parsed expression against a scope. Returns a JSON-like value; throws only
 * `ExpressionError` (reason `evaluation`).
 */
export function evaluateExpression(ast: ExpressionAst, scope: ReferenceScope): unknown {
  const source = typeof ast?.source === 'string' ? ast.source : '';
  try {
    return new Evaluator(source, scope).evaluate(ast.root);
  } catch (error) {
    throw toExpressionError(error, source, 'evaluation');
  }
}

class Evaluator {
  constructor(
    private readonly source: string,
    private readonly scope: ReferenceScope,
  ) {}

  evaluate(node: ExpressionNode): unknown {
    switch (node.kind) {
      case 'literal':
        return node.value;
      case 'list':
        return node.items.map((item) => this.evaluate(item));
      case 'reference': {
        // A missing value is null, never an error: conditions may probe optional data.
        const { found, value } = readNamespacePath(this.scope, node.namespace, node.path);
        return found && value !== undefined ? value : null;
      }
      case 'negate': {
        const value = this.evaluate(node.operand);
        if (typeof value !== 'number') throw this.error(`unary "-" needs a number, got ${typeName(value)}`, node.position);
        return -value;
      }
      case 'not':
        return !isTruthy(this.evaluate(node.operand));
      case 'and':
        return node.operands.every((operand) => isTruthy(this.evaluate(operand)));
      case 'or':
        return node.operands.some((operand) => isTruthy(this.evaluate(operand)));
      case 'compare':
        return this.compare(node);
    }
  }

  private compare(node: ComparisonNode): boolean {
    const left = this.evaluate(node.left);
    const right = this.evaluate(node.right);
    switch (node.operator) {
      case '==':
        return jsonEquals(left, right);
      case '!=':
        return !jsonEquals(left, right);
      case '>':
      case '<':
      case '>=':
      case '<=':
        return order(node.operator, left, right);
      case 'in':
        return this.contains(right, left, node);
      case 'not in':
        return !this.contains(right, left, node);
    }
  }

  private contains(container: unknown, item: unknown, node: ComparisonNode): boolean {
    if (container === null || container === undefined) return false;
    if (Array.isArray(container)) return container.some((element) => jsonEquals(element, item));
    if (typeof container === 'string') {
      if (typeof item !== 'string') {
        throw this.error(`"${node.operator}" on a string needs a string on the left, got ${typeName(item)}`, node.position);
      }
      return container.includes(item);
    }
    // Object keys are strings, so no other left-hand value can be one of them.
    if (typeof container === 'object') return typeof item === 'string' && Object.hasOwn(container, item);
    throw this.error(`"${node.operator}" needs a list, string, object or null on the right, got ${typeName(container)}`, node.position);
  }

  private error(message: string, position: number): ExpressionError {
    return new ExpressionError(`${message} at position ${position}`, { expression: this.source, reason: 'evaluation', position });
  }
}

/** Ordering is defined for two numbers or two strings only; anything else is false, not an error. */
function order(operator: '>' | '<' | '>=' | '<=', left: unknown, right: unknown): boolean {
  const comparable = (typeof left === 'number' && typeof right === 'number') || (typeof left === 'string' && typeof right === 'string');
  if (!comparable) return false;
  const [l, r] = [left, right] as [number | string, number | string];
  switch (operator) {
    case '>':
      return l > r;
    case '<':
      return l < r;
    case '>=':
      return l >= r;
    case '<=':
      return l <= r;
  }
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
