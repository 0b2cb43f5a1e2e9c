import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { policyConstraintValidate } from './policy-constraint-validate.js';

describe('policy.constraint.validate', () => {
  it('lists every violation, by rule then field', async () => {
    const record = { username: 'al', age: 16, plan: 'gold', password: 'x', bio: 'ok', tags: ['a', 'b', 'c'], score: 2.5, address: { city: '' } };
    expect(
      await runChecked(policyConstraintValidate, {
        record,
        constraints: {
          required: ['username', 'email', 'address.city'],
          forbidden: ['password', 'token'],
          types: { age: 'integer', score: 'integer', bio: 'string', tags: 'array' },
          min_length: { username: 3, 'address.city': 1 },
          max_length: { tags: 2 },
          allowed_values: { plan: ['free', 'pro'] },
          min_value: { age: 18 },
          max_value: { score: 2 },
        },
      }),
    ).toEqual({
      valid: false,
      violations: [
        { field: 'email', rule: 'required', message: 'is required' },
        { field: 'password', rule: 'forbidden', message: 'must not be present' },
        { field: 'score', rule: 'types', message: 'must be integer, got number' },
        { field: 'username', rule: 'min_length', message: 'must be at least 3 long (characters or items), is 2' },
        { field: 'address.city', rule: 'min_length', message: 'must be at least 1 long (characters or items), is 0' },
        { field: 'tags', rule: 'max_length', message: 'must be at most 2 long (characters or items), is 3' },
        { field: 'plan', rule: 'allowed_values', message: 'must be one of "free", "pro"' },
        { field: 'age', rule: 'min_value', message: 'must be at least 18, is 16' },
        { field: 'score', rule: 'max_value', message: 'must be at most 2, is 2.5' },
      ],
    });
  });

  it('passes a compliant record; absent optional fields are only checked by required', async () => {
    expect(
      await runChecked(policyConstraintValidate, {
        record: { username: 'alice', plan: { tier: 'pro' }, nickname: null },
        constraints: { required: ['username'], forbidden: ['nickname'], allowed_values: { plan: [{ tier: 'pro' }] }, max_length: { bio: 10 }, types: { age: 'number' } },
      }),
    ).toEqual({ valid: true, violations: [] });
  });

  it('counts characters, not UTF-16 units, and accepts integers as numbers', async () => {
    expect(await runChecked(policyConstraintValidate, { record: { name: '😀😀', n: 3 }, constraints: { max_length: { name: 2 }, types: { n: 'number' } } })).toEqual({
      valid: true,
      violations: [],
    });
  });

  it('refuses an unknown rule', async () => {
    await expect(policyConstraintValidate.run({ record: {}, constraints: { regex: { a: '.*' } } })).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
