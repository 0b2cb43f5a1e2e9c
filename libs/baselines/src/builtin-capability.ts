import type { PageFetcher } from './page-fetcher.js';

/** A JSON Schema document (draft-07 subset), as published in MCP tool listings. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** What a capability may use besides its input; all optional, so the pure ones run anywhere. */
export interface CapabilityPorts {
  readonly fetchPage?: PageFetcher;
  /** Aborts I/O of a cancelled call (the pure capabilities finish fast and ignore it). */
  readonly signal?: AbortSignal;
}

/**
 * One built-in capability: its id (also its MCP tool name), the JSON Schemas of its input and
 * output, and `run`, which checks the input against the schema and the shared size limits before
 * computing. `run` throws ServiceErrors only: `invalid_request` for input it cannot accept,
 * `invalid_configuration` for a missing port, the fetcher's own errors for page fetches.
 */
export interface BuiltinCapability {
  readonly id: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  run(input: unknown, ports?: CapabilityPorts): Promise<Record<string, unknown>>;
}
