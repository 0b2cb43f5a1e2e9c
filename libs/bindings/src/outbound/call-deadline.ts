
export interface CallDeadline {
  /** Aborts on the caller's signal, or with a `TimeoutError` when the call's time is up. */
  readonly signal: AbortSignal;
  /** Clears the timer; call it when the call settles (AbortSignal.timeout's would linger). */
  dispose(): void;
}

/** The whole call's bound, retries and their waits included; the client reads `TimeoutError` as 504. */
export function callDeadline(callerSignal: AbortSignal, timeoutMs: number): CallDeadline {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException('The call exceeded its time budget', 'TimeoutError')), Math.max(1, timeoutMs));
  return { signal: AbortSignal.any([callerSignal, deadline.signal]), dispose: () => clearTimeout(timer) };
}
