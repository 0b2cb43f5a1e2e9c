import { ExpressionError } from './expression-error.js';

export const KEYWORDS = ['and', 'or', 'not', 'in', 'true', 'false', 'null', 'none'] as const;
export type Keyword = (typeof KEYWORDS)[number];
const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

export type SymbolText = '(' | ')' | '[' | ']' | ',' | '-' | '==' | '!=' | '>' | '<' | '>=' | '<=';

interface TokenBase {
  readonly position: number;
  /** The source text of the token, for error messages. */
  readonly text: string;
}

export type Token =
  | (TokenBase & { readonly type: 'number'; readonly value: number })
  | (TokenBase & { readonly type: 'string'; readonly value: string })
  | (TokenBase & { readonly type: 'path'; readonly segments: readonly string[] })
  | (TokenBase & { readonly type: 'keyword'; readonly value: Keyword })
  | (TokenBase & { readonly type: 'symbol'; readonly value: SymbolText })
  | (TokenBase & { readonly type: 'end' });

const TWO_CHAR_SYMBOLS: ReadonlySet<string> = new Set(['==', '!=', '>=', '<=']);
const ONE_CHAR_SYMBOLS: ReadonlySet<string> = new Set(['(', ')', '[', ']', ',', '-', '>', '<']);

const isDigit = (char: string): boolean => char >= '0' && char <= '9';
const isIdentStart = (char: string): boolean => (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || char === '_';
const isIdentPart = (char: string): boolean => isIdentStart(char) || isDigit(char);
const isWhitespace = (char: string): boolean => char === ' ' || char === '\t' || char === '\n' || char === '\r';

/** Splits an expression into tokens; any character outside the grammar is an error (never skipped). */
export function tokenizeExpression(source: string): Token[] {
  const tokens: Token[] = [];
  const fail = (message: string, position: number): never => {
    throw new ExpressionError(`${message} at position ${position}`, { expression: source, reason: 'syntax', position });
  };
  const readWhile = (from: number, test: (char: string) => boolean): number => {
    let end = from;
    while (end < source.length && test(source.charAt(end))) end++;
    return end;
  };

  let index = 0;
  while (index < source.length) {
    const char = source.charAt(index);
    const start = index;
    if (isWhitespace(char)) {
      index++;
    } else if (isDigit(char)) {
      index = readWhile(index, isDigit);
      if (source.charAt(index) === '.') {
        if (!isDigit(source.charAt(index + 1))) fail('expected digits after the decimal point', index);
        index = readWhile(index + 1, isDigit);
      }
      const text = source.slice(start, index);
      const value = Number(text);
      if (!Number.isFinite(value)) fail('number is too large', start);
      tokens.push({ type: 'number', value, position: start, text });
    } else if (isIdentStart(char)) {
      const segments: string[] = [];
      const segmentStarts: number[] = [];
      index = readWhile(index, isIdentPart);
      segments.push(source.slice(start, index));
      segmentStarts.push(start);
      while (source.charAt(index) === '.') {
        const segmentStart = index + 1;
        const next = source.charAt(segmentStart);
        if (isIdentStart(next)) index = readWhile(segmentStart, isIdentPart);
        else if (isDigit(next)) index = readWhile(segmentStart, isDigit);
        else return fail('expected a path segment after "."', index);
        segments.push(source.slice(segmentStart, index));
        segmentStarts.push(segmentStart);
      }
      const text = source.slice(start, index);
      const [first] = segments;
      if (segments.length === 1 && first !== undefined && KEYWORD_SET.has(first)) {
        tokens.push({ type: 'keyword', value: first as Keyword, position: start, text });
      } else {
        segments.forEach((segment, i) => {
          if (KEYWORD_SET.has(segment)) fail(`keyword "${segment}" cannot be a path segment`, segmentStarts[i] ?? start);
        });
        tokens.push({ type: 'path', segments, position: start, text });
      }
    } else if (char === '"' || char === "'") {
      const close = source.indexOf(char, index + 1);
      if (close < 0) fail('unterminated string', start);
      index = close + 1;
      tokens.push({ type: 'string', value: source.slice(start + 1, close), position: start, text: source.slice(start, index) });
    } else if (TWO_CHAR_SYMBOLS.has(source.slice(index, index + 2))) {
      index += 2;
      tokens.push({ type: 'symbol', value: source.slice(start, index) as SymbolText, position: start, text: source.slice(start, index) });
    } else if (ONE_CHAR_SYMBOLS.has(char)) {
      index++;
      tokens.push({ type: 'symbol', value: char as SymbolText, position: start, text: char });
    } else {
      const hint = char === '=' || char === '!' ? ' (comparisons are written == and !=)' : '';
      fail(`unexpected character ${describeCharacter(source, index)}${hint}`, start);
    }
  }
  tokens.push({ type: 'end', position: source.length, text: '' });
  return tokens;
}

/** Names a character unambiguously, even an invisible one: `"&" (U+0026)`. */
function describeCharacter(source: string, index: number): string {
  const codePoint = source.codePointAt(index) ?? 0;
  const char = codePoint >= 0xd800 && codePoint <= 0xdfff ? source.charAt(index) : String.fromCodePoint(codePoint);
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  return `${JSON.stringify(char)} (U+${hex})`;
}
