import { describe, expect, it } from '@jest/globals';
import type { ReferenceScope } from '../references/index.js';
import { evaluateCondition } from './evaluate-condition.js';
import { evaluateExpression } from './evaluate-expression.js';
import { ExpressionError } from './expression-error.js';
import { parseExpression } from './parse-expression.js';

const scope: ReferenceScope = {
  inputs: { force: true, text: 'hello world', region: 'prod', empty: '', zero: 0 },
  vars: {
    n: 3,
    neg: -2,
    score: 0.75,
    name: 'alice',
    flag: false,
    nothing: null,
    list: [1, 'two', { id: 3 }, [4]],
    empty_list: [],
    obj: { a: 1, nested: { b: [10, 20] } },
    obj_copy: { nested: { b: [10, 20] }, a: 1 },
    empty_obj: {},
    'a.b': 'flat',
    a: { b: 'nested', c: 'only nested' },
    True: 'a var called True',
    vars: 'a var called vars',
  },
  outputs: { summary: 'done' },
  frame: { goal: 'g' },
  working: { artifacts: { plan: ['p1'] } },
  output: { result: 42 },
  extensions: { 'x.y': 1 },
};

const evaluate = (source: string): unknown => evaluateExpression(parseExpression(source), scope);

function evaluationError(source: string): ExpressionError {
  try {
    evaluate(source);
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw new Error(`expected an ExpressionError, got ${String(error)}`);
  }
  throw new Error(`expected ${JSON.stringify(source)} to fail`);
}

describe('evaluateExpression', () => {
  it.each<[string, unknown]>([
    // literals
    ['1', 1],
    ['1.25', 1.25],
    ['"a b"', 'a b'],
    ["'a b'", 'a b'],
    ['true', true],
    ['false', false],
    ['null', null],
    ['none', null],
    ['[]', []],
    ['[1, "x", [true], null]', [1, 'x', [true], null]],
    ['[n, vars.name]', [3, 'alice']],
    // unary minus
    ['-5', -5],
    ['--5', 5],
    ['-(1)', -1],
    ['-n', -3],
    ['-vars.neg', 2],
    ['-0.5', -0.5],
    // references
    ['vars.n', 3],
    ['n', 3],
    ['vars.list.0', 1],
    ['vars.list.2.id', 3],
    ['vars.list.3.0', 4],
    ['vars.obj.nested.b.1', 20],
    ['vars.a.b', 'flat'],
    ['a.b', 'flat'],
    ['vars.a.c', 'only nested'],
    ['True', 'a var called True'],
    ['vars', 'a var called vars'],
    ['inputs.text', 'hello world'],
    ['outputs.summary', 'done'],
    ['frame.goal', 'g'],
    ['working.artifacts.plan.0', 'p1'],
    ['output.result', 42],
    ['extensions.x.y', 1],
    // missing → null
    ['vars.missing', null],
    ['missing', null],
    ['vars.list.9', null],
    ['vars.list.length', null],
    ['vars.n.x', null],
    ['vars.nothing.x', null],
    ['inputs.text.length', null],
    ['vars.__proto__', null],
    ['vars.constructor', null],
    ['vars.obj.constructor.name', null],
    ['vars.list.constructor', null],
    ['__proto__', null],
    ['constructor', null],
    ['inputs.toString', null],
    ['vars.hasOwnProperty', null],
    // == and !=
    ['1 == 1', true],
    ['1 == 1.0', true],
    ['1 == 1.00000', true],
    ['"1" == 1', false],
    ['1 != "1"', true],
    ['null == null', true],
    ['null == none', true],
    ['vars.missing == null', true],
    ['vars.nothing == null', true],
    ['0 == null', false],
    ['"" == null', false],
    ['false == 0', false],
    ['true == 1', false],
    ['[] == []', true],
    ['[1, [2]] == [1, [2]]', true],
    ['[1, 2] == [2, 1]', false],
    ['vars.obj == vars.obj_copy', true],
    ['vars.obj != vars.obj_copy', false],
    ['vars.obj.nested.b == [10, 20]', true],
    ['vars.empty_obj == []', false],
    ['vars.name == "alice"', true],
    ["vars.name != 'alice'", false],
    ['-0 == 0', true],
    // ordering
    ['2 > 1', true],
    ['1 > 2', false],
    ['1 < 2', true],
    ['2 >= 2', true],
    ['2 <= 1', false],
    ['vars.n > -5', true],
    ['vars.neg < -1', true],
    ['vars.score >= 0.75', true],
    ['"b" > "a"', true],
    ['"abc" < "abd"', true],
    ['"B" < "a"', true],
    ['"10" < "9"', true],
    ['"a" <= "a"', true],
    ['1 > "0"', false],
    ['"1" < 2', false],
    ['true > false', false],
    ['null < 1', false],
    ['null >= null', false],
    ['vars.missing > 0', false],
    ['[2] > [1]', false],
    ['vars.obj > 1', false],
    // in / not in
    ['1 in [1, 2]', true],
    ['1.0 in [1, 2]', true],
    ['"1" in [1, 2]', false],
    ['[4] in vars.list', true],
  ])('%s → %j', (source, expected) => {
    expect(evaluate(source)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['vars.list.2 in vars.list', true],
    ['vars.obj.nested in [vars.obj_copy.nested]', true],
    ['3 not in [1, 2]', true],
    ['"world" in inputs.text', true],
    ['"World" in inputs.text', false],
    ['"" in inputs.text', true],
    ['"x" not in inputs.text', true],
    ['"a" in vars.obj', true],
    ['"nested" in vars.obj', true],
    ['"b" in vars.obj', false],
    ['"constructor" in vars.obj', false],
    ['"__proto__" in vars.obj', false],
    ['"toString" in vars.empty_obj', false],
    ['1 in vars.obj', false],
    ['null in vars.obj', false],
    ['1 in null', false],
    ['1 not in null', true],
    ['"x" in vars.missing', false],
    ['"x" not in vars.missing', true],
    ['null in [null]', true],
    ['vars.missing in [1, null]', true],
    ['[] in []', false],
    // not / and / or return booleans
    ['not true', false],
    ['not 0', true],
    ['not ""', true],
    ['not "x"', false],
    ['not []', true],
    ['not [0]', false],
    ['not vars.empty_obj', true],
    ['not vars.obj', false],
    ['not null', true],
    ['not not 5', true],
    ['1 and 2', true],
    ['1 and 0', false],
    ['"a" and []', false],
    ['0 or ""', false],
    ['0 or "x"', true],
    ['null or vars.list', true],
    ['vars.flag or vars.nothing or vars.empty_list', false],
    ['true and true and true', true],
    ['true and true and false', false],
    // precedence
    ['not 1 == 2', true],
    ['not (1 == 2)', true],
    ['(not 1) == 2', false],
    ['true or true and false', true],
    ['(true or true) and false', false],
    ['false and true or true', true],
    ['false and (true or true)', false],
    ['not false and false', false],
    ['not (false and false)', true],
    ['-1 < 0 and 0 < 1', true],
    ['[1 == 1, 2 > 3]', [true, false]],
    ['(vars.score >= 0.7 or inputs.force == true) and inputs.region not in ["test", "dev"]', true],
  ])('%s → %j', (source, expected) => {
    expect(evaluate(source)).toEqual(expected);
  });

  it('short-circuits and / or', () => {
    // The right side would be an evaluation error if it ran.
    expect(evaluate('false and -"x"')).toBe(false);
    expect(evaluate('true or -"x"')).toBe(true);
    expect(evaluate('0 and 1 in 5')).toBe(false);
    expect(() => evaluate('true and -"x"')).toThrow(ExpressionError);
    expect(() => evaluate('false or -"x"')).toThrow(ExpressionError);
  });

  it('returns values from the scope without copying them', () => {
    expect(evaluate('vars.obj')).toBe(scope.vars['obj']);
  });

  it('reads a scope without the optional namespaces as null', () => {
    const minimal: ReferenceScope = { inputs: {}, vars: {}, outputs: {} };
    for (const source of ['frame.goal', 'working.x', 'output.result', 'extensions.x', 'inputs.x', 'x']) {
      expect(evaluateExpression(parseExpression(source), minimal)).toBeNull();
    }
  });

  it('treats an undefined value in the scope as null', () => {
    const withUndefined: ReferenceScope = { inputs: {}, vars: { u: undefined, list: [undefined] }, outputs: {} };
    expect(evaluateExpression(parseExpression('u == null'), withUndefined)).toBe(true);
    expect(evaluateExpression(parseExpression('list == [null]'), withUndefined)).toBe(true);
    expect(evaluateExpression(parseExpression('u'), withUndefined)).toBeNull();
  });

  it.each<[string, number, RegExp]>([
    ['-"x"', 0, /unary "-" needs a number, got a string at position 0/],
    ['-true', 0, /got a boolean/],
    ['-null', 0, /got null/],
    ['-vars.missing', 0, /got null/],
    ['-[1]', 0, /got a list/],
    ['1 == -vars.obj', 5, /got an object/],
    ['not -"x"', 4, /unary "-"/],
    ['1 in 5', 2, /"in" needs a list, string, object or null on the right, got a number at position 2/],
    ['1 not in 5', 2, /"not in" needs a list/],
    ['"a" in true', 4, /got a boolean/],
    ['1 in "123"', 2, /"in" on a string needs a string on the left, got a number/],
    ['null in inputs.text', 5, /got null/],
    ['[1] not in "x"', 4, /"not in" on a string needs a string on the left, got a list/],
  ])('%s is an evaluation error at %i', (source, position, message) => {
    const error = evaluationError(source);
    expect(error.reason).toBe('evaluation');
    expect(error.code).toBe('invalid_request');
    expect(error.expression).toBe(source);
    expect(error.position).toBe(position);
    expect(error.message).toMatch(message);
  });

  it('compares cyclic values without overflowing', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    const twin: Record<string, unknown> = { a: 1 };
    twin['self'] = twin;
    const cyclicScope: ReferenceScope = { inputs: {}, vars: { cyclic, twin }, outputs: {} };
    expect(evaluateExpression(parseExpression('cyclic == twin'), cyclicScope)).toBe(true);
    expect(evaluateExpression(parseExpression('cyclic in [twin]'), cyclicScope)).toBe(true);
  });

  it('turns a failure inside an exotic scope value into an ExpressionError', () => {
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new TypeError('trap');
        },
        ownKeys: () => {
          throw new RangeError('trap');
        },
      },
    );
    const hostileScope: ReferenceScope = { inputs: {}, vars: { hostile }, outputs: {} };
    expect(() => evaluateExpression(parseExpression('hostile.x'), hostileScope)).toThrow(ExpressionError);
    expect(() => evaluateExpression(parseExpression('hostile == vars.hostile'), hostileScope)).not.toThrow();
    expect(() => evaluateExpression(parseExpression('hostile == []'), hostileScope)).not.toThrow();
    expect(() => evaluateCondition('hostile', hostileScope)).toThrow(ExpressionError);
    expect(() => evaluateCondition('"k" in hostile', hostileScope)).toThrow(ExpressionError);
    let error: unknown;
    try {
      evaluateCondition('hostile', hostileScope);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ExpressionError);
    expect((error as ExpressionError).cause).toBeInstanceOf(RangeError);
  });
});

describe('evaluateCondition', () => {
  it.each<[string, boolean]>([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    ['-1', true],
    ['0.0', false],
    ['"x"', true],
    ['""', false],
    ['[0]', true],
    ['[]', false],
    ['null', false],
    ['vars.obj', true],
    ['vars.empty_obj', false],
    ['vars.empty_list', false],
    ['inputs.empty', false],
    ['inputs.zero', false],
    ['vars.missing', false],
    ['inputs.force', true],
    ['vars.score >= 0.7 and inputs.region == "prod"', true],
  ])('%s → %s', (source, expected) => {
    expect(evaluateCondition(source, scope)).toBe(expected);
  });

  it('throws ExpressionError for syntax, limit and evaluation failures', () => {
    expect(() => evaluateCondition('a & b', scope)).toThrow(ExpressionError);
    expect(() => evaluateCondition('1'.repeat(5000), scope)).toThrow(ExpressionError);
    expect(() => evaluateCondition('-"x"', scope)).toThrow(ExpressionError);
  });
});
