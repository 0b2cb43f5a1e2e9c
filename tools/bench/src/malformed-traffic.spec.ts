import { describe, expect, it } from '@jest/globals';
import { everyMalformedAnswered, goodAnswers, kindOutcomes, malformedKinds, mergeOutcomes } from './malformed-traffic.js';

const BODY = JSON.stringify({ inputs: { form: { Name: 'Lena' } } });
const KINDS = malformedKinds('data.normalize-signup', BODY);

describe('malformedKinds', () => {
  it('makes a body that is not JSON, an unknown skill, and a body without inputs, with their contract answers', () => {
    const [badJson, unknown, noInputs] = KINDS;
    expect(() => JSON.parse(badJson?.body ?? '')).toThrow();
    expect(badJson).toMatchObject({ name: 'bad-json', path: '/v1/skills/data.normalize-signup/execute', expectedStatus: 400, expectedCode: 'invalid_request' });
    expect(unknown).toMatchObject({ name: 'unknown-skill', body: BODY, expectedStatus: 404, expectedCode: 'not_found' });
    expect(unknown?.path).not.toContain('data.normalize-signup');
    expect(JSON.parse(noInputs?.body ?? '')).toEqual({ form: { Name: 'Lena' } });
    expect(noInputs).toMatchObject({ expectedStatus: 400, expectedCode: 'invalid_request' });
  });
});

describe('outcomes', () => {
  const run = [
    { kind: 'good', status: 200, contract: true, count: 990 },
    { kind: 'good', status: 500, contract: false, count: 2 },
    { kind: 'bad-json', status: 400, contract: true, count: 4 },
    { kind: 'unknown-skill', status: 404, contract: true, count: 3 },
    { kind: 'no-inputs', status: 400, contract: true, count: 2 },
    { kind: 'no-inputs', status: 500, contract: false, count: 1 },
  ];

  it('counts each kind’s answers and the wrong ones by status', () => {
    const outcomes = kindOutcomes(run, KINDS);
    expect(outcomes).toEqual([
      { kind: 'good', expected: '200', answered: 992, wrong: { '500': 2 } },
      { kind: 'bad-json', expected: '400 invalid_request', answered: 4, wrong: {} },
      { kind: 'unknown-skill', expected: '404 not_found', answered: 3, wrong: {} },
      { kind: 'no-inputs', expected: '400 invalid_request', answered: 3, wrong: { '500': 1 } },
    ]);
    expect(everyMalformedAnswered(outcomes)).toBe(false);
    expect(goodAnswers(run)).toBe(990);
  });

  it('holds only when every malformed kind was answered and each answer was the contract’s', () => {
    const clean = kindOutcomes(run.filter((count) => count.contract), KINDS);
    expect(everyMalformedAnswered(clean)).toBe(true);
    // A kind never sent proves nothing.
    expect(everyMalformedAnswered(kindOutcomes(run.filter((count) => count.contract && count.kind !== 'bad-json'), KINDS))).toBe(false);
    expect(everyMalformedAnswered([])).toBe(false);
  });

  it('merges runs kind by kind', () => {
    const merged = mergeOutcomes([kindOutcomes(run, KINDS), kindOutcomes(run, KINDS)]);
    expect(merged.find((outcome) => outcome.kind === 'no-inputs')).toEqual({ kind: 'no-inputs', expected: '400 invalid_request', answered: 6, wrong: { '500': 2 } });
    expect(merged.map((outcome) => outcome.kind)).toEqual(['good', 'bad-json', 'unknown-skill', 'no-inputs']);
  });
});
