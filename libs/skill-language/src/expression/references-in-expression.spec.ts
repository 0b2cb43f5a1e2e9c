import { describe, expect, it } from '@jest/globals';
import { ExpressionError } from './expression-error.js';
import { referencesInExpression } from './references-in-expression.js';

describe('referencesInExpression', () => {
  it('lists every reference once, bare identifiers as vars', () => {
    expect(
      referencesInExpression("(vars.risk >= 0.7 or inputs.force == true) and region not in ['a', vars.zone] and not -vars.risk < 1 and score"),
    ).toEqual(['vars.risk', 'inputs.force', 'vars.region', 'vars.zone', 'vars.score']);
  });

  it('walks nested paths and list indices', () => {
    expect(referencesInExpression('outputs.report.items.0 == working.x')).toEqual(['outputs.report.items.0', 'working.x']);
  });

  it('lists nothing for literals', () => {
    expect(referencesInExpression("1 < 2 and 'a' in ['a']")).toEqual([]);
  });

  it('throws ExpressionError on bad syntax', () => {
    expect(() => referencesInExpression('vars.a &')).toThrow(ExpressionError);
  });
});
