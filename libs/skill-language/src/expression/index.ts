/*
 * The condition / loop / router expression language (docs/skill-language.md), made strict where a
 * lenient reading would silently change a skill's meaning:
 * - The lexer rejects any character outside the grammar with an ExpressionError naming the character
 *   and its position (skipping them would read `-5` as `5`).
 * - Unary minus: `vars.n > -5`, `-(1)`. Minus on a non-number is an evaluation error.
 * - `and` / `or` short-circuit and return booleans, not an operand. Truthiness: false, null, 0, "",
 *   [] and {} are false.
 * - Numeric path segments are allowed (`vars.list.0`); paths walk objects and lists with an exact
 *   flat key winning first (`vars.a.b` reads the key "a.b" before walking). A missing value is null.
 *   A single identifier always reads vars (`score` is `vars.score`, and `vars` alone is `vars.vars`);
 *   a dotted path whose first segment is not a namespace reads vars too (`a.b` is `vars.a.b`).
 * - `==` / `!=` are deep structural equality of JSON values (1 == 1.0; "1" != 1; null == none).
 * - `>` `<` `>=` `<=` compare two numbers, or two strings by UTF-16 code units; any other pair is
 *   false, not an error (numeric strings and booleans never compare as numbers).
 * - `in` / `not in`: list membership (deep equality), substring (the left side must be a string),
 *   own key of an object; a null right side gives false / true; any other right side is an error.
 * - Limits: at most 4096 characters and 64 levels of nesting (parentheses, lists, `not`, minus).
 * - Comparisons do not chain (`1 < 2 < 3` is a syntax error); keywords are lowercase and cannot be
 *   path segments.
 *
 * Grammar:
 *   expr  := or
 *   or    := and ( "or" and )*
 *   and   := not ( "and" not )*
 *   not   := "not" not | cmp
 *   cmp   := unary [ ( "==" | "!=" | ">" | "<" | ">=" | "<=" | "in" | "not in" ) unary ]
 *   unary := "-" unary | value
 *   value := NUMBER | STRING | "true" | "false" | "null" | "none" | "(" expr ")"
 *          | "[" [ expr ( "," expr )* ] "]" | ref
 *   ref   := IDENT ( "." ( IDENT | DIGITS ) )*      (no spaces around the dots)
 *   NUMBER := DIGITS [ "." DIGITS ]   STRING := '...' | "..." (no escapes)   IDENT := [A-Za-z_][A-Za-z0-9_]*
 */
export type {
  ComparisonNode,
  ComparisonOperator,
  ExpressionAst,
  ExpressionNode,
  ListNode,
  LiteralNode,
  LogicalNode,
  NegateNode,
  NotNode,
  ReferenceNode,
} from './expression-ast.js';
export { ExpressionError, type ExpressionErrorReason } from './expression-error.js';
export { MAX_CACHED_EXPRESSIONS, MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH } from './limits.js';
export { parseExpression } from './parse-expression.js';
export { evaluateExpression } from './evaluate-expression.js';
export { evaluateCondition } from './evaluate-condition.js';
export { printExpression } from './print-expression.js';
export { referencesInExpression } from './references-in-expression.js';
export { isTruthy } from './truthiness.js';
export { jsonEquals } from './json-equals.js';
