import type { ExpressionNode } from './expression-ast.js';
import { parseExpression } from './parse-expression.js';

/**
 * The dotted references an expression reads (`vars.score`, `inputs.a.b`), in source order and
 * without duplicates; a bare identifier `x` is listed as `vars.x`. Throws ExpressionError on a
 * syntax error. Plan analysis uses it to find the data edges of conditions and loops.
 */
export function referencesInExpression(source: string): string[] {
  const found = new Set<string>();
  const visit = (node: ExpressionNode): void => {
    switch (node.kind) {
      case 'reference':
        found.add([node.namespace, ...node.path].join('.'));
        return;
      case 'list':
        node.items.forEach(visit);
        return;
      case 'negate':
      case 'not':
        visit(node.operand);
        return;
      case 'and':
      case 'or':
        node.operands.forEach(visit);
        return;
      case 'compare':
        visit(node.left);
        visit(node.right);
        return;
      case 'literal':
        return;
    }
  };
  visit(parseExpression(source).root);
  return [...found];
}
