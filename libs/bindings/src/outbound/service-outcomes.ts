import { isServiceError, type ErrorCode, type ProviderProtocol } from '@skill-service/contracts';
import type { ProviderHealth } from '../protocol-provider.js';

/** What `health().details.services[<id>]` reports for one service. */
export interface ServiceOutcome {
  readonly calls: number;
  readonly failures: number;
  readonly last_outcome: 'success' | ErrorCode;
  /** The last failure's message (already free of URLs and secrets), if the last call failed. */
  readonly last_error?: string;
  readonly last_at: string;
  readonly last_duration_ms: number;
}

// The provider's own failures; caller-input and configuration errors say nothing about its health.
const PROVIDER_FAILURES: ReadonlySet<string> = new Set(['upstream_failure', 'upstream_timeout']);

/** The services a provider has called and how each last call went, for deep health. */
export class ServiceOutcomes {
  private readonly byService = new Map<string, ServiceOutcome>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  record(serviceId: string, durationMs: number, error?: unknown): void {
    const previous = this.byService.get(serviceId);
    const code: ErrorCode | undefined = error === undefined ? undefined : isServiceError(error) ? error.code : 'internal_error';
    this.byService.set(serviceId, {
      calls: (previous?.calls ?? 0) + 1,
      failures: (previous?.failures ?? 0) + (code === undefined ? 0 : 1),
      last_outcome: code ?? 'success',
      ...(code === undefined ? {} : { last_error: isServiceError(error) ? error.message : 'internal error' }),
      last_at: this.now().toISOString(),
      last_duration_ms: Math.round(durationMs),
    });
  }

  /** Runs one call to a service and records how it went (duration, success or error code). */
  async track<T>(serviceId: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const answer = await work();
      this.record(serviceId, performance.now() - started);
      return answer;
    } catch (error) {
      this.record(serviceId, performance.now() - started, error);
      throw error;
    }
  }

  /** A provider's deep-health answer built from these outcomes. */
  health(protocol: ProviderProtocol): ProviderHealth {
    return { protocol, healthy: this.healthy(), details: { services: this.snapshot() } };
  }

  snapshot(): Record<string, ServiceOutcome> {
    return Object.fromEntries([...this.byService].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** False while some service's last call failed on the provider's side. */
  healthy(): boolean {
    return [...this.byService.values()].every((outcome) => !PROVIDER_FAILURES.has(outcome.last_outcome));
  }
}
