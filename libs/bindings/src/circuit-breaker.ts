export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  /** Consecutive provider failures that open the circuit (default 5). */
  readonly failureThreshold?: number;
  /** How long an open circuit refuses calls before letting one probe through (default 30 s). */
  readonly openMs?: number;
  readonly now?: () => number;
  /** Told when a circuit opens (metrics). */
  readonly onOpen?: (serviceId: string) => void;
}

interface Circuit {
  failures: number;
  openedAt: number | null;
  probing: boolean;
}

/**
 * One breaker per service. Only provider failures count (callers' bad input must not lock
 * everyone else out of a shared service).
 */
export class CircuitBreaker {
  private readonly circuits = new Map<string, Circuit>();
  private readonly threshold: number;
  private readonly openMs: number;
  private readonly now: () => number;
  private readonly onOpen: ((serviceId: string) => void) | undefined;

  constructor(options: CircuitBreakerOptions = {}) {
    this.threshold = options.failureThreshold ?? 5;
    this.openMs = options.openMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.onOpen = options.onOpen;
  }

  state(serviceId: string): CircuitState {
    const circuit = this.circuits.get(serviceId);
    if (circuit?.openedAt == null) return 'closed';
    return this.now() - circuit.openedAt >= this.openMs ? 'half_open' : 'open';
  }

  /** Whether a call may go out now; in half-open state only one probe at a time. */
  tryAcquire(serviceId: string): boolean {
    const state = this.state(serviceId);
    if (state === 'closed') return true;
    if (state === 'open') return false;
    const circuit = this.circuits.get(serviceId);
    if (circuit === undefined || circuit.probing) return false;
    circuit.probing = true;
    return true;
  }

  recordSuccess(serviceId: string): void {
    this.circuits.delete(serviceId);
  }

  /** A call that did not reach a provider verdict (caller error, mapping error) releases a probe. */
  recordNeutral(serviceId: string): void {
    const circuit = this.circuits.get(serviceId);
    if (circuit !== undefined) circuit.probing = false;
  }

  recordFailure(serviceId: string): void {
    const circuit = this.circuits.get(serviceId) ?? { failures: 0, openedAt: null, probing: false };
    const wasProbe = circuit.probing;
    circuit.failures += 1;
    circuit.probing = false;
    this.circuits.set(serviceId, circuit);
    if (wasProbe || (circuit.openedAt === null && circuit.failures >= this.threshold)) {
      circuit.openedAt = this.now();
      this.onOpen?.(serviceId);
    }
  }

  /** Every service whose circuit is not closed, for diagnostics. */
  snapshot(): Record<string, { state: CircuitState; failures: number }> {
    const result: Record<string, { state: CircuitState; failures: number }> = {};
    for (const [serviceId, circuit] of this.circuits) {
      result[serviceId] = { state: this.state(serviceId), failures: circuit.failures };
    }
    return result;
  }
}
