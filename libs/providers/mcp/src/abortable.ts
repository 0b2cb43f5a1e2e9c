/**
 * Waits for `promise`, but gives up as soon as `signal` aborts or `deadline` (epoch ms) passes, by
 * rejecting with `onAbort()` / `onTimeout()`. Used where one awaited thing (a shared connection
 * attempt) serves several callers, each with its own signal and time budget: giving up here
 * leaves the shared work running for the others.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  deadline: number,
  onAbort: () => Error,
  onTimeout: () => Error,
): Promise<T> {
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => settle(() => reject(onTimeout())), Math.max(0, deadline - Date.now()));
    const abort = (): void => settle(() => reject(onAbort()));
    const settle = (action: () => void): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      action();
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/**
 * A throwaway signal that follows `signal` until `unlink()`. The SDK never removes the listener it
 * adds to a request's signal; handing it this one keeps long-lived signals free of stale listeners
 * (and of a stray `notifications/cancelled` sent when they abort after the request ended).
 */
export function linkedSignal(signal: AbortSignal): { signal: AbortSignal; unlink: () => void } {
  const controller = new AbortController();
  const forward = (): void => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  return { signal: controller.signal, unlink: () => signal.removeEventListener('abort', forward) };
}
