// The span helpers with no SDK registered (tracing off, the default): work runs as it would
// without them, errors pass through unchanged, and nothing is propagated.
import { describe, expect, it } from '@jest/globals';
import { activeTraceparent, activeTraceUuid, extractCarrier, injectCarrier } from './trace-carrier.js';
import { activeTraceContext, bindTraceContext, failSpan, startSpan, traced } from './traced.js';

describe('span helpers with tracing off', () => {
  it('run the work and answer its value, its span a no-op', async () => {
    const value = await traced('x', { attributes: { 'skill_service.skill.id': 'a', absent: undefined } }, async (span) => {
      expect(span.isRecording()).toBe(false);
      return 42;
    });
    expect(value).toBe(42);
  });

  it('pass a rejection through unchanged', async () => {
    const error = Object.assign(new Error('boom'), { code: 'upstream_failure' });
    await expect(traced('x', {}, () => Promise.reject(error))).rejects.toBe(error);
    expect(() => failSpan(startSpan('y'), error)).not.toThrow();
  });

  it('propagate nothing: no carrier, no traceparent, no trace id; a carrier read back gives the base context', () => {
    expect(injectCarrier()).toEqual({});
    expect(activeTraceparent()).toBeUndefined();
    expect(activeTraceUuid()).toBeUndefined();
    const base = activeTraceContext();
    expect(extractCarrier({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }, base)).toBe(base);
    expect(extractCarrier(undefined, base)).toBe(base);
  });

  it('bind a function without changing what it does', () => {
    const bound = bindTraceContext((a: number, b: number) => a + b);
    expect(bound(2, 3)).toBe(5);
  });
});
