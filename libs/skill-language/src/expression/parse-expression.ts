import type { ExpressionAst } from './expression-ast.js';
import { ExpressionError, toExpressionError } from './expression-error.js';
import { ExpressionParser } from './expression-parser.js';
import { MAX_CACHED_EXPRESSIONS, MAX_EXPRESSION_LENGTH } from './limits.js';
import { tokenizeExpression } from './tokenize-expression.js';

// Conditions are re-evaluated on every step and loop iteration: parse each distinct text once.
// Least-recently-used entries are dropped beyond the bound; ASTs are frozen, so sharing is safe.
const cache = new Map<string, ExpressionAst>();

/** Parses an expression, throwing only `ExpressionError` (syntax or limit). */
export function parseExpression(source: string): ExpressionAst {
  if (typeof source !== 'string') {
    throw new ExpressionError('an expression must be a string', { expression: '', reason: 'syntax' });
  }
  const cached = cache.get(source);
  if (cached !== undefined) {
    cache.delete(source);
    cache.set(source, cached);
    return cached;
  }
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, {
      expression: source,
      reason: 'limit',
      position: MAX_EXPRESSION_LENGTH,
    });
  }
  let ast: ExpressionAst;
  try {
    ast = Object.freeze({ source, root: new ExpressionParser(source, tokenizeExpression(source)).parse() });
  } catch (error) {
    throw toExpressionError(error, source, 'syntax');
  }
  cache.set(source, ast);
  if (cache.size > MAX_CACHED_EXPRESSIONS) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  return ast;
}
