import { describe, expect, it } from '@jest/globals';
import { ServiceError, type CapabilityInvocation, type CapabilityInvoker } from '@skill-service/contracts';
import { RunCancelledError } from '../errors/run-cancelled-error.js';
import { defineCapability } from '../testing/define.js';
import { failureOf } from '../testing/test-engine.js';
import { callWithDeadline } from './call-with-deadline.js';

const capability = defineCapability({ id: 'demo.call' });
const call = (timeoutMs: number) => ({ capability, input: {}, traceId: 't', timeoutMs });
const invoker = (invoke: (invocation: CapabilityInvocation) => unknown): CapabilityInvoker => ({
  invoke: invoke as CapabilityInvoker['invoke'],
});
const live = () => new AbortController().signal;

describe('callWithDeadline', () => {
  it('returns the invoker result and hands it a live signal and the budget', async () => {
    let seen: CapabilityInvocation | undefined;
    const result = await callWithDeadline(
      invoker(async (invocation) => {
        seen = invocation;
        return { output: { ok: true } };
      }),
      call(1000),
      live(),
    );
    expect(result).toEqual({ output: { ok: true } });
    expect(seen?.signal.aborted).toBe(false);
    expect(seen?.timeoutMs).toBe(1000);
  });

  it('fails with step_timeout at the deadline and aborts the invocation’s signal', async () => {
    let seen: AbortSignal | undefined;
    const error = await failureOf(
      callWithDeadline(
        invoker((invocation) => {
          seen = invocation.signal;
          return new Promise(() => undefined);
        }),
        call(20),
        live(),
      ),
    );
    expect(error).toMatchObject({ code: 'step_timeout', status: 504, message: "Capability 'demo.call' did not finish within 0.02 s" });
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe(error);
  });

  it('settles at once when the run aborts, with the run’s reason', async () => {
    const controller = new AbortController();
    const reason = new ServiceError('upstream_failure', 'a sibling step failed');
    const pending = callWithDeadline(
      invoker(() => new Promise(() => undefined)),
      call(60_000),
      controller.signal,
    );
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);

    const cancelled = new AbortController();
    const other = callWithDeadline(invoker(() => new Promise(() => undefined)), call(60_000), cancelled.signal);
    cancelled.abort();
    await expect(other).rejects.toBeInstanceOf(RunCancelledError);
  });

  it('does not call the invoker when the run is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    const error = await failureOf(
      callWithDeadline(
        invoker(() => {
          called = true;
          return { output: {} };
        }),
        call(1000),
        controller.signal,
      ),
    );
    expect(error).toBeInstanceOf(RunCancelledError);
    expect(called).toBe(false);
  });

  it('turns a synchronous throw and a missing result into upstream_failure', async () => {
    const thrown = await failureOf(
      callWithDeadline(
        invoker(() => {
          throw new TypeError('bug in provider');
        }),
        call(1000),
        live(),
      ),
    );
    expect(thrown).toMatchObject({ code: 'upstream_failure', message: "Capability 'demo.call' failed: the provider raised an unexpected error" });
    expect((thrown.cause as Error).message).toBe('bug in provider');
    const empty = await failureOf(callWithDeadline(invoker(async () => undefined), call(1000), live()));
    expect(empty).toMatchObject({ code: 'upstream_failure', message: "Capability 'demo.call' failed: the invoker returned no result" });
  });

  it('ignores whatever the invoker does after the deadline', async () => {
    let settleLate: (() => void) | undefined;
    const pending = callWithDeadline(
      invoker(
        () =>
          new Promise((_resolve, reject) => {
            settleLate = () => reject(new Error('too late'));
          }),
      ),
      call(10),
      live(),
    );
    await expect(pending).rejects.toMatchObject({ code: 'step_timeout' });
    settleLate?.();
    // A late rejection is observed by the engine: Jest would fail this test if it were unhandled.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
