import { isReferenceNamespace } from '../references/index.js';
import type { ComparisonOperator, ExpressionNode } from './expression-ast.js';
import { ExpressionError } from './expression-error.js';
import { MAX_NESTING_DEPTH } from './limits.js';
import type { Token } from './tokenize-expression.js';

const SYMBOL_OPERATORS: ReadonlySet<string> = new Set(['==', '!=', '>', '<', '>=', '<=']);

/** Recursive descent over the grammar in ./index.ts; every node it builds is frozen. */
export class ExpressionParser {
  private index = 0;
  private depth = 0;
  private readonly end: Token;

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {
    this.end = { type: 'end', position: source.length, text: '' };
  }

  parse(): ExpressionNode {
    if (this.peek().type === 'end') throw this.error('empty expression', 0);
    const root = this.parseOr();
    const rest = this.peek();
    if (rest.type !== 'end') throw this.unexpected(rest);
    return root;
  }

  private parseOr(): ExpressionNode {
    return this.parseLogical('or', () => this.parseAnd());
  }

  private parseAnd(): ExpressionNode {
    return this.parseLogical('and', () => this.parseNot());
  }

  private parseLogical(kind: 'and' | 'or', operand: () => ExpressionNode): ExpressionNode {
    const first = operand();
    const operands = [first];
    while (this.isKeyword(this.peek(), kind)) {
      this.index++;
      operands.push(operand());
    }
    return operands.length === 1 ? first : node({ kind, operands: Object.freeze(operands), position: first.position });
  }

  private parseNot(): ExpressionNode {
    const token = this.peek();
    if (!this.isKeyword(token, 'not')) return this.parseComparison();
    this.index++;
    return this.nested(token, () => node({ kind: 'not', operand: this.parseNot(), position: token.position }));
  }

  private parseComparison(): ExpressionNode {
    const left = this.parseUnary();
    const operator = this.takeComparisonOperator();
    if (operator === undefined) return left;
    const right = this.parseUnary();
    const chained = this.peekComparisonOperator();
    if (chained !== undefined) throw this.error('comparisons cannot be chained; join them with "and"', this.peek().position);
    return node({ kind: 'compare', operator: operator.operator, left, right, position: operator.position });
  }

  private parseUnary(): ExpressionNode {
    const token = this.peek();
    if (!(token.type === 'symbol' && token.value === '-')) return this.parseValue();
    this.index++;
    return this.nested(token, () => node({ kind: 'negate', operand: this.parseUnary(), position: token.position }));
  }

  private parseValue(): ExpressionNode {
    const token = this.peek();
    const position = token.position;
    switch (token.type) {
      case 'number':
      case 'string':
        this.index++;
        return node({ kind: 'literal', value: token.value, position });
      case 'path': {
        this.index++;
        const [first, ...rest] = token.segments;
        // `vars.x` names a namespace; `score` (or `a.b`) is read from vars.
        return first !== undefined && rest.length > 0 && isReferenceNamespace(first)
          ? node({ kind: 'reference', namespace: first, path: Object.freeze(rest), position })
          : node({ kind: 'reference', namespace: 'vars', path: Object.freeze([...token.segments]), position });
      }
      case 'keyword': {
        const literal = KEYWORD_LITERALS.get(token.value);
        if (literal === undefined) throw this.unexpected(token);
        this.index++;
        return node({ kind: 'literal', value: literal.value, position });
      }
      case 'symbol':
        if (token.value === '(') {
          this.index++;
          return this.nested(token, () => {
            const inner = this.parseOr();
            this.expect(')');
            return inner;
          });
        }
        if (token.value === '[') {
          this.index++;
          return this.nested(token, () => node({ kind: 'list', items: this.parseListItems(), position }));
        }
        throw this.unexpected(token);
      case 'end':
        throw this.unexpected(token);
    }
  }

  private parseListItems(): readonly ExpressionNode[] {
    const items: ExpressionNode[] = [];
    if (this.isSymbol(this.peek(), ']')) {
      this.index++;
      return Object.freeze(items);
    }
    for (;;) {
      items.push(this.parseOr());
      const token = this.peek();
      this.index++;
      if (this.isSymbol(token, ']')) return Object.freeze(items);
      if (!this.isSymbol(token, ',')) throw this.expected('"," or "]"', token);
    }
  }

  /** Applies the depth limit to parentheses, lists, `not` and unary minus alike. */
  private nested<T>(opener: Token, parse: () => T): T {
    if (++this.depth > MAX_NESTING_DEPTH) {
      throw new ExpressionError(`expression nests deeper than ${MAX_NESTING_DEPTH} levels at position ${opener.position}`, {
        expression: this.source,
        reason: 'limit',
        position: opener.position,
      });
    }
    const result = parse();
    this.depth--;
    return result;
  }

  private takeComparisonOperator(): { operator: ComparisonOperator; position: number } | undefined {
    const found = this.peekComparisonOperator();
    if (found !== undefined) this.index += found.operator === 'not in' ? 2 : 1;
    return found;
  }

  private peekComparisonOperator(): { operator: ComparisonOperator; position: number } | undefined {
    const token = this.peek();
    if (token.type === 'symbol' && SYMBOL_OPERATORS.has(token.value)) {
      return { operator: token.value as ComparisonOperator, position: token.position };
    }
    if (this.isKeyword(token, 'in')) return { operator: 'in', position: token.position };
    if (this.isKeyword(token, 'not') && this.isKeyword(this.peek(1), 'in')) {
      return { operator: 'not in', position: token.position };
    }
    return undefined;
  }

  private expect(symbol: ')' | ']'): void {
    const token = this.peek();
    if (!this.isSymbol(token, symbol)) throw this.expected(`"${symbol}"`, token);
    this.index++;
  }

  private peek(offset = 0): Token {
    return this.tokens[this.index + offset] ?? this.end;
  }

  private isKeyword(token: Token, keyword: string): boolean {
    return token.type === 'keyword' && token.value === keyword;
  }

  private isSymbol(token: Token, symbol: string): boolean {
    return token.type === 'symbol' && token.value === symbol;
  }

  private unexpected(token: Token): ExpressionError {
    return token.type === 'end'
      ? this.error('unexpected end of expression', token.position)
      : this.error(`unexpected ${describeToken(token)}`, token.position);
  }

  private expected(what: string, token: Token): ExpressionError {
    const found = token.type === 'end' ? 'the end of the expression' : describeToken(token);
    return this.error(`expected ${what} but found ${found}`, token.position);
  }

  private error(message: string, position: number): ExpressionError {
    return new ExpressionError(`${message} at position ${position}`, { expression: this.source, reason: 'syntax', position });
  }
}

const KEYWORD_LITERALS: ReadonlyMap<string, { value: boolean | null }> = new Map([
  ['true', { value: true }],
  ['false', { value: false }],
  ['null', { value: null }],
  ['none', { value: null }],
]);

function node<T extends ExpressionNode>(value: T): T {
  return Object.freeze(value);
}

function describeToken(token: Token): string {
  const text = token.text.length > 40 ? `${token.text.slice(0, 40)}…` : token.text;
  return `"${text}"`;
}
