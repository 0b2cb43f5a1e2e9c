import type { ReferenceScope } from '../references/index.js';
import { toExpressionError } from './expression-error.js';
import { evaluateExpression } from './evaluate-expression.js';
import { parseExpression } from './parse-expression.js';
import { isTruthy } from './truthiness.js';

/** Parses (cached) and evaluates a `condition`/`while` expression; the result is its truthiness. */
export function evaluateCondition(source: string, scope: ReferenceScope): boolean {
  const value = evaluateExpression(parseExpression(source), scope);
  try {
    return isTruthy(value);
  } catch (error) {
    // Only an exotic scope value (e.g. a throwing proxy) can get here.
    throw toExpressionError(error, source, 'evaluation');
  }
}
