import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ReferenceScope } from '../references/index.js';
import { evaluateCondition } from './evaluate-condition.js';
import { evaluateExpression } from './evaluate-expression.js';
import { ExpressionError } from './expression-error.js';
import { parseExpression } from './parse-expression.js';
import { printExpression } from './print-expression.js';

// ---------------------------------------------------------------------------------------------
// A generated expression tree, its printer and an independent reference evaluator. They are
// written over the test's own tree type so that a bug in the library cannot hide in both sides.
// ---------------------------------------------------------------------------------------------

type Operator = '==' | '!=' | '>' | '<' | '>=' | '<=' | 'in' | 'not in';
type Gen =
  | { t: 'num'; text: string; negative: boolean }
  | { t: 'bool'; value: boolean }
  | { t: 'null'; spelling: 'null' | 'none' }
  | { t: 'str'; value: string }
  | { t: 'list'; items: Gen[] }
  | { t: 'ref'; namespace: string | null; path: string[] }
  | { t: 'neg'; operand: Gen }
  | { t: 'not'; operand: Gen }
  | { t: 'and' | 'or'; left: Gen; right: Gen }
  | { t: 'cmp'; op: Operator; left: Gen; right: Gen }
  | { t: 'paren'; inner: Gen };

const NAMESPACES = ['inputs', 'vars', 'outputs', 'frame', 'working', 'output', 'extensions'] as const;
const BARE_FIRST = ['a', 'b', 'c', 'list', 'obj', 'x', 'score', 'missing'];
const OPERATORS: Operator[] = ['==', '!=', '>', '<', '>=', '<=', 'in', 'not in'];

const stringLiteral = fc.string({ unit: 'binary', maxLength: 6 }).filter((s) => !(s.includes("'") && s.includes('"')));
const smallString = fc.oneof(
  fc.constantFrom('', 'a', 'b', 'ab', 'x', 'list', 'toString', 'constructor', '__proto__', 'length'),
  stringLiteral,
);

// Mostly keys the generated scopes contain, sometimes non-canonical indices and prototype members.
const segment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'c', 'list', 'obj', 'x', '0', '1') },
  { weight: 1, arbitrary: fc.constantFrom('2', '01', '__proto__', 'constructor', 'toString', 'length') },
);
const reference: fc.Arbitrary<Gen> = fc.oneof(
  fc.record({
    t: fc.constant('ref' as const),
    namespace: fc.constantFrom<string | null>(...NAMESPACES, 'vars', 'vars', 'inputs'),
    path: fc.array(segment, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    t: fc.constant('ref' as const),
    namespace: fc.constant(null),
    path: fc.tuple(fc.constantFrom(...BARE_FIRST), fc.array(segment, { maxLength: 2 })).map(([first, rest]) => [first, ...rest]),
  }),
);
const literal: fc.Arbitrary<Gen> = fc.oneof(
  fc.record({ t: fc.constant('num' as const), text: fc.stringMatching(/^[0-9]{1,3}(\.[0-9]{1,2})?$/), negative: fc.boolean() }),
  fc.record({ t: fc.constant('bool' as const), value: fc.boolean() }),
  fc.record({ t: fc.constant('null' as const), spelling: fc.constantFrom('null' as const, 'none' as const) }),
  fc.record({ t: fc.constant('str' as const), value: smallString }),
);

const { expr } = fc.letrec<{ expr: Gen }>((tie) => ({
  expr: fc.oneof(
    { maxDepth: 5, depthSize: 'small' },
    { weight: 4, arbitrary: fc.oneof({ weight: 3, arbitrary: reference }, { weight: 2, arbitrary: literal }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('list' as const), items: fc.array(tie('expr'), { maxLength: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('neg' as const), operand: tie('expr') }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('not' as const), operand: tie('expr') }) },
    {
      weight: 2,
      arbitrary: fc.record({ t: fc.constantFrom('and' as const, 'or' as const), left: tie('expr'), right: tie('expr') }),
    },
    {
      weight: 4,
      arbitrary: fc.record({ t: fc.constant('cmp' as const), op: fc.constantFrom(...OPERATORS), left: tie('expr'), right: tie('expr') }),
    },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('paren' as const), inner: tie('expr') }) },
  ),
}));

// Small key and value domains make references hit data and make equal-looking values collide.
const leaf = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, 1, -1, 2.5, '', 'a', 'b', 'ab', 'toString') },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: stringLiteral },
);
const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', '0', 'a.b'), tie('value'), { maxKeys: 3 }),
  ),
}));

const namespaceArb = fc.record(
  {
    a: jsonValue,
    b: jsonValue,
    c: jsonValue,
    x: jsonValue,
    score: jsonValue,
    '0': jsonValue,
    'a.b': jsonValue,
    'b.c': jsonValue,
    list: fc.array(jsonValue, { maxLength: 4 }),
    obj: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'a.b'), jsonValue, { maxKeys: 3 }),
  },
  { requiredKeys: [] },
);
const scopeArb: fc.Arbitrary<ReferenceScope> = fc.record(
  {
    inputs: namespaceArb,
    vars: namespaceArb,
    outputs: namespaceArb,
    frame: namespaceArb,
    working: namespaceArb,
    output: namespaceArb,
    extensions: namespaceArb,
  },
  { requiredKeys: ['inputs', 'vars', 'outputs'] },
);

// Binding strength, loosest first.
const LEVEL = { or: 1, and: 2, not: 3, cmp: 4, unary: 5, value: 6 };

function print(g: Gen, context: number = LEVEL.or): string {
  const wrap = (text: string, level: number) => (level < context ? `(${text})` : text);
  switch (g.t) {
    case 'num':
      return g.negative ? wrap(`-${g.text}`, LEVEL.unary) : g.text;
    case 'bool':
      return String(g.value);
    case 'null':
      return g.spelling;
    case 'str':
      return g.value.includes("'") ? `"${g.value}"` : `'${g.value}'`;
    case 'list':
      return `[${g.items.map((item) => print(item)).join(', ')}]`;
    case 'ref':
      return [...(g.namespace === null ? [] : [g.namespace]), ...g.path].join('.');
    case 'neg':
      return wrap(`-${print(g.operand, LEVEL.unary)}`, LEVEL.unary);
    case 'not':
      return wrap(`not ${print(g.operand, LEVEL.not)}`, LEVEL.not);
    case 'and':
      return wrap(`${print(g.left, LEVEL.and)} and ${print(g.right, LEVEL.not)}`, LEVEL.and);
    case 'or':
      return wrap(`${print(g.left, LEVEL.or)} or ${print(g.right, LEVEL.and)}`, LEVEL.or);
    case 'cmp':
      return wrap(`${print(g.left, LEVEL.unary)} ${g.op} ${print(g.right, LEVEL.unary)}`, LEVEL.cmp);
    case 'paren':
      return `(${print(g.inner)})`;
  }
}

class ReferenceEvaluationError extends Error {}
const MISSING = Symbol('missing');

function lookup(node: unknown, path: readonly string[]): unknown {
  const [head, ...tail] = path;
  if (head === undefined) return node;
  if (Array.isArray(node)) {
    return /^(0|[1-9][0-9]*)$/.test(head) && Number(head) < node.length ? lookup(node[Number(head)], tail) : MISSING;
  }
  if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (tail.length > 0 && Object.prototype.hasOwnProperty.call(record, path.join('.'))) return record[path.join('.')];
    return Object.prototype.hasOwnProperty.call(record, head) ? lookup(record[head], tail) : MISSING;
  }
  return MISSING;
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const truthy = (v: unknown): boolean =>
  !(
    v === null ||
    v === false ||
    v === 0 ||
    v === '' ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && v !== null && Object.keys(v).length === 0)
  );

function membership(container: unknown, item: unknown): boolean {
  if (container === null) return false;
  if (Array.isArray(container)) return container.some((element) => canonicalJson(element) === canonicalJson(item));
  if (typeof container === 'string') {
    if (typeof item !== 'string') throw new ReferenceEvaluationError();
    return container.indexOf(item) >= 0;
  }
  if (typeof container === 'object') return typeof item === 'string' && Object.prototype.hasOwnProperty.call(container, item);
  throw new ReferenceEvaluationError();
}

function referenceEvaluate(g: Gen, scope: ReferenceScope): unknown {
  const ev = (node: Gen) => referenceEvaluate(node, scope);
  switch (g.t) {
    case 'num':
      return g.negative ? -Number(g.text) : Number(g.text);
    case 'bool':
      return g.value;
    case 'null':
      return null;
    case 'str':
      return g.value;
    case 'list':
      return g.items.map(ev);
    case 'ref': {
      const namespace = (g.namespace ?? 'vars') as keyof ReferenceScope;
      const found = lookup(scope[namespace], g.path);
      return found === MISSING || found === undefined ? null : found;
    }
    case 'neg': {
      const v = ev(g.operand);
      if (typeof v !== 'number') throw new ReferenceEvaluationError();
      return -v;
    }
    case 'not':
      return !truthy(ev(g.operand));
    case 'and':
      return truthy(ev(g.left)) ? truthy(ev(g.right)) : false;
    case 'or':
      return truthy(ev(g.left)) ? true : truthy(ev(g.right));
    case 'paren':
      return ev(g.inner);
    case 'cmp': {
      const l = ev(g.left);
      const r = ev(g.right);
      const ordered = (typeof l === 'number' && typeof r === 'number') || (typeof l === 'string' && typeof r === 'string');
      const [a, b] = [l as number, r as number];
      switch (g.op) {
        case '==':
          return canonicalJson(l) === canonicalJson(r);
        case '!=':
          return canonicalJson(l) !== canonicalJson(r);
        case '>':
          return ordered && a > b;
        case '<':
          return ordered && a < b;
        case '>=':
          return ordered && a >= b;
        case '<=':
          return ordered && a <= b;
        case 'in':
          return membership(r, l);
        case 'not in':
          return !membership(r, l);
      }
    }
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false };

function outcome(run: () => unknown, isExpectedFailure: (error: unknown) => boolean): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (isExpectedFailure(error)) return { ok: false };
    throw error;
  }
}

const withoutPositions = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'position' ? undefined : v)));

const minimalScope: ReferenceScope = { inputs: { a: 1 }, vars: { a: [1, 'x'], b: { c: '' } }, outputs: {} };

// Text that is mostly made of the language's own tokens reaches the parser's deeper paths.
const tokenSoup = fc
  .array(
    fc.constantFrom(
      ...['vars.a', 'a', 'b.c', 'inputs.a', '(', ')', '[', ']', ',', '-', 'not', 'and', 'or', 'in', '==', '!=', '<', '>='],
      ...['1', '2.5', '"x"', "'y'", 'true', 'null', 'none', ' ', '.', '&', '"', '0.'],
    ),
    { maxLength: 12 },
  )
  .chain((parts) => fc.constantFrom(parts.join(' '), parts.join('')));

describe('expression properties', () => {
  it.each<[string, fc.Arbitrary<string>]>([
    ['fc.string()', fc.string()],
    ['fc.string({ unit: "binary" })', fc.string({ unit: 'binary' })],
    ['fc.string({ unit: "grapheme-ascii" })', fc.string({ unit: 'grapheme-ascii', maxLength: 40 })],
    ['token soup', tokenSoup],
    ['printed generated trees', expr.map((g) => print(g))],
  ])('evaluateCondition on %s returns a boolean or throws ExpressionError', (_, source) => {
    fc.assert(
      fc.property(source, (text) => {
        const result = outcome(
          () => evaluateCondition(text, minimalScope),
          (error) => error instanceof ExpressionError,
        );
        if (result.ok) expect(typeof result.value).toBe('boolean');
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees with an independent reference evaluator on generated well-formed trees', () => {
    fc.assert(
      fc.property(expr, scopeArb, (g, scope) => {
        const source = print(g);
        fc.pre(source.length <= 4096);
        const expected = outcome(
          () => referenceEvaluate(g, scope),
          (error) => error instanceof ReferenceEvaluationError,
        );
        const actual = outcome(
          () => evaluateExpression(parseExpression(source), scope),
          (error) => error instanceof ExpressionError && error.reason === 'evaluation',
        );
        expect(actual).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('prints a parsed tree as text that parses back to the same tree', () => {
    fc.assert(
      fc.property(fc.oneof(expr.map((g) => print(g)), tokenSoup), (source) => {
        fc.pre(source.length <= 4096);
        const parsed = outcome(
          () => parseExpression(source),
          (error) => error instanceof ExpressionError,
        );
        if (!parsed.ok) return;
        const { root } = parsed.value as ReturnType<typeof parseExpression>;
        const printed = printExpression(root);
        const reparsed = parseExpression(printed).root;
        expect(withoutPositions(reparsed)).toEqual(withoutPositions(root));
        expect(printExpression(reparsed)).toBe(printed);
      }),
      { numRuns: 2000 },
    );
  });
});
