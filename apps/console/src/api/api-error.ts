/**
 * A failed call as the page shows it: the HTTP status with the contract's error payload
 * (`{"error":{code,message,type},"trace_id"}`), or status 0 when the server could not be reached.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly traceId?: string,
    /** Seconds, from `Retry-After` on a 429. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get unreachable(): boolean {
    return this.status === 0;
  }

  /** One line for the page: what happened, in the server's words. */
  describe(): string {
    if (this.unreachable) return `The server could not be reached (${this.message}).`;
    const prefix = STATUS_TEXT[this.status] ?? `Error ${this.status}`;
    const retry = this.retryAfter === undefined ? '' : ` Retry in ${this.retryAfter} s.`;
    return `${prefix} (${this.status} ${this.code}): ${this.message}${retry}`;
  }
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  429: 'Rate limited',
};

/** Builds the error of a non-2xx answer from its body (the contract's payload, or any text). */
export function apiErrorOf(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const payload = typeof body === 'object' && body !== null ? (body as { error?: { code?: unknown; message?: unknown }; trace_id?: unknown }) : {};
  const code = typeof payload.error?.code === 'string' ? payload.error.code : 'http_error';
  const message = typeof payload.error?.message === 'string' ? payload.error.message : `HTTP ${status}`;
  const traceId = typeof payload.trace_id === 'string' ? payload.trace_id : undefined;
  const seconds = retryAfterHeader === null ? Number.NaN : Number(retryAfterHeader);
  return new ApiError(status, code, message, traceId, Number.isFinite(seconds) ? seconds : undefined);
}
