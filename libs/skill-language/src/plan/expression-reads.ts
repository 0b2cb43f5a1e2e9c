/*
 * The one seam between plan analysis and the reference / expression languages of this library:
 * plan analysis only needs to know which strings are references and what an expression reads.
 */
export { isReference } from '../references/index.js';
export { ExpressionError, referencesInExpression } from '../expression/index.js';
