/** Who asked for an execution, as the transport resolved it. */
export interface ExecutionContext {
  /** Already resolved by the transport (header, body, traceparent or generated). */
  readonly traceId: string;
  /** `http`, `http-stream`, `http-async`, `bridge`, `mcp`, `cli`… recorded in audit. */
  readonly channel: string;
  /** Aborted when the caller goes away: the run is cancelled. */
  readonly signal?: AbortSignal;
  /** The authenticated subject, when the transport has one: an async run keeps it as its launcher. */
  readonly subject?: string;
}
