import {
  ServiceError,
  UpstreamFailureError,
  isServiceError,
  type CapabilityInvocation,
  type CapabilityInvocationResult,
  type CapabilityInvoker,
} from '@skill-service/contracts';
import { RunCancelledError } from '../errors/run-cancelled-error.js';

type Call = Omit<CapabilityInvocation, 'signal'>;

function providerError(capabilityId: string, error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  // The provider's own text may hold internals (paths, hosts): it stays in `cause`, for logs only.
  return new UpstreamFailureError(`Capability '${capabilityId}' failed: the provider raised an unexpected error`, { cause: error });
}

function abortError(signal: AbortSignal): ServiceError {
  return isServiceError(signal.reason) ? signal.reason : new RunCancelledError();
}

/**
 * One call of the invoker with a deadline. The invoker gets a signal that aborts at the deadline or
 * when `signal` (the run's) aborts, AND the call is raced against both, so an invoker that ignores
 * its signal still settles the step promptly (`step_timeout`, 504). Whatever the invoker does after
 * that is ignored; its promise is always observed, so a late rejection is never unhandled.
 */
export function callWithDeadline(
  invoker: CapabilityInvoker,
  call: Call,
  signal: AbortSignal,
): Promise<CapabilityInvocationResult> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  const controller = new AbortController();
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      finish();
    };
    const onAbort = (): void => {
      controller.abort(signal.reason);
      settle(() => reject(abortError(signal)));
    };
    const timer = setTimeout(() => {
      const timeout = new ServiceError(
        'step_timeout',
        `Capability '${call.capability.id}' did not finish within ${call.timeoutMs / 1000} s`,
      );
      controller.abort(timeout);
      settle(() => reject(timeout));
    }, call.timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });

    let pending: Promise<CapabilityInvocationResult>;
    try {
      pending = Promise.resolve(invoker.invoke({ ...call, signal: controller.signal }));
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (result) =>
        settle(() =>
          typeof result === 'object' && result !== null
            ? resolve(result)
            : reject(new UpstreamFailureError(`Capability '${call.capability.id}' failed: the invoker returned no result`)),
        ),
      (error: unknown) => settle(() => reject(providerError(call.capability.id, error))),
    );
  });
}
