import type { BindingDefinition, ProviderProtocol, ServiceDescriptor } from '@skill-service/contracts';

/** One provider call: the binding's request template already rendered into `payload`. */
export interface ProviderCall {
  readonly binding: BindingDefinition;
  /** The binding's service descriptor; undefined for a pythoncall binding that names a module. */
  readonly service: ServiceDescriptor | undefined;
  readonly payload: Record<string, unknown>;
  /** Aborted on timeout or cancellation: stop and settle promptly. */
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** Sent onward as W3C `traceparent` by the HTTP protocols. */
  readonly traceId: string;
}

/** What a provider reports about itself for deep health and diagnostics. */
export interface ProviderHealth {
  readonly protocol: ProviderProtocol;
  readonly healthy: boolean;
  readonly details: Record<string, unknown>;
}

/**
 * The port each protocol adapter implements (pythoncall, openapi, mcp, openrpc). It returns the
 * provider's raw answer; response mapping happens in the binding executor. Failures are thrown as
 * ServiceErrors: `upstream_failure` (502) for provider errors, `upstream_timeout` (504) for
 * timeouts, `invalid_configuration` (409) for a descriptor that cannot work (e.g. an unset
 * `${ENV_VAR}`), `invalid_request` (400) when the provider rejected the caller's input.
 */
export interface ProtocolProvider {
  readonly protocol: ProviderProtocol;
  call(call: ProviderCall): Promise<unknown>;
  health?(): Promise<ProviderHealth>;
  /** Releases processes, sockets and timers (called on shutdown). */
  close?(): Promise<void>;
}
