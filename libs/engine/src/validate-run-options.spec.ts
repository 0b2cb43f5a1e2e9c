import { describe, expect, it } from '@jest/globals';
import { InvalidRequestError } from '@skill-service/contracts';
import { defineSkill } from './testing/define.js';
import { createTestEngine, failureOf } from './testing/test-engine.js';
import { validateRunOptions } from './validate-run-options.js';

const detailsOf = (options: unknown): unknown => {
  try {
    validateRunOptions(options as never);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError);
    return (error as InvalidRequestError).details;
  }
  return [];
};

describe('validateRunOptions', () => {
  it('accepts the documented values', () => {
    expect(
      detailsOf({
        traceId: 'abc',
        channel: 'http-stream',
        auditMode: 'full',
        requiredConformanceProfile: 'strict',
        confirmedCapabilities: ['a.b'],
        timeoutSeconds: 1.5,
      }),
    ).toEqual([]);
    expect(detailsOf({ channel: 'attach:task' })).toEqual([]);
  });

  it('lists every bad option in one 400', () => {
    expect(
      detailsOf({
        traceId: '',
        auditMode: 'verbose',
        requiredConformanceProfile: 'gold',
        channel: 'carrier-pigeon',
        confirmedCapabilities: 'a.b',
        timeoutSeconds: 0,
      }),
    ).toEqual([
      { path: 'trace_id', message: 'must be a non-empty string' },
      { path: 'audit_mode', message: 'must be one of off, standard, full' },
      { path: 'required_conformance_profile', message: 'must be one of experimental, standard, strict' },
      { path: 'channel', message: 'is not a known execution channel' },
      { path: 'confirmed_capabilities', message: 'must be a list of capability ids' },
      { path: 'timeout_seconds', message: 'must be a number in (0, 86400]' },
    ]);
  });

  it('rejects bad options before the run starts: no event, no invocation', async () => {
    const skill = defineSkill({ id: 'demo.options', steps: [{ id: 'echo', uses: 'text.echo' }] });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    const events: unknown[] = [];
    const error = await failureOf(
      engine.runSkill('demo.options', {}, { auditMode: 'loud' as never, onEvent: (event) => events.push(event) }),
    );
    expect(error).toMatchObject({ code: 'invalid_request', status: 400, details: [{ path: 'audit_mode', message: expect.any(String) }] });
    expect(events).toEqual([]);
    expect(invoker.calls).toEqual([]);
    expect(() => engine.validateRunOptions({ requiredConformanceProfile: 'gold' as never })).toThrow(InvalidRequestError);
    await expect(engine.executeCapability('text.echo', {}, { requiredConformanceProfile: 'gold' as never })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
  });
});
