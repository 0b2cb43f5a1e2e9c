import { describe, expect, it } from '@jest/globals';
import { EXIT, failureOf } from './exit-codes.js';
import { runRequestOf } from './run-command.js';

function refusal(run: () => unknown): ReturnType<typeof failureOf> {
  try {
    run();
  } catch (error) {
    return failureOf(error);
  }
  throw new Error('expected the request to be refused');
}

describe('runRequestOf', () => {
  it('builds the stream request from the inputs, confirmations and profile', () => {
    expect(runRequestOf({ text: 'hi' }, { confirm: ['net.post'], profile: 'strict' })).toEqual({
      inputs: { text: 'hi' },
      confirmed_capabilities: ['net.post'],
      required_conformance_profile: 'strict',
    });
    expect(runRequestOf({}, {})).toEqual({ inputs: {} });
  });

  it('refuses inputs that are not an object, and an unknown profile, as invalid input (exit 4)', () => {
    const notAnObject = refusal(() => runRequestOf([1, 2], {}));
    expect(notAnObject.code).toBe(EXIT.invalidInput);
    expect(notAnObject.message).toMatch(/^Invalid run request: inputs: .* \[invalid_request\]$/);
    expect(refusal(() => runRequestOf({}, { profile: 'lenient' })).code).toBe(EXIT.invalidInput);
  });
});
