import { describe, expect, it } from '@jest/globals';
import { CapabilityExecuteRequest, SkillExecuteRequest, SkillStreamRequest } from './execute-request.js';
import { parseContract } from './parse-contract.js';
import { InvalidRequestError } from './service-error.js';

describe('execute requests', () => {
  it('accepts the contract fields and drops unknown ones', () => {
    const parsed = parseContract(
      SkillExecuteRequest,
      { inputs: { text: 'hi' }, trace_id: 't-1', audit_mode: 'full', required_conformance_profile: 'strict', include_trace: true, skill_id: 'ignored' },
      'execute request',
    );
    expect(parsed).toEqual({ inputs: { text: 'hi' }, trace_id: 't-1', audit_mode: 'full', required_conformance_profile: 'strict', include_trace: true });
  });

  it('lists every bad field in one invalid_request error', () => {
    let caught: unknown;
    try {
      parseContract(SkillExecuteRequest, { inputs: [], audit_mode: 'loud', required_conformance_profile: 'gold', include_trace: 'yes' }, 'execute request');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidRequestError);
    const details = (caught as InvalidRequestError).details as { path: string }[];
    expect(details.map((d) => d.path).sort()).toEqual(['audit_mode', 'include_trace', 'inputs', 'required_conformance_profile']);
  });

  it('requires inputs as the contract says', () => {
    expect(SkillExecuteRequest.safeParse({}).success).toBe(false);
    expect(CapabilityExecuteRequest.safeParse({ inputs: {} }).success).toBe(true);
  });

  it('does not take include_trace on the stream (it is ignored)', () => {
    expect(SkillStreamRequest.parse({ inputs: {}, include_trace: true })).toEqual({ inputs: {} });
  });

  it('rejects trace ids with spaces or control characters', () => {
    expect(SkillExecuteRequest.safeParse({ inputs: {}, trace_id: 'a b' }).success).toBe(false);
    expect(SkillExecuteRequest.safeParse({ inputs: {}, trace_id: 'a\r\nb' }).success).toBe(false);
    expect(SkillExecuteRequest.safeParse({ inputs: {}, trace_id: 'x'.repeat(129) }).success).toBe(false);
  });
});
