import type { WebhookStats } from '@skill-service/webhooks';

/** How a capability step ended (skipped steps are not reported). */
export type StepOutcome = 'completed' | 'failed' | 'degraded';

/** Figures the service keeps anyway, for an observer to read when it wants them (a metrics scrape). */
export interface ServiceSources {
  /** Async runs: waiting for a worker (the deployment's, with shared state), and executing here; null when unknown. */
  runs(): Promise<{ readonly queued: number | null; readonly executing: number | null }>;
  webhooks(): WebhookStats;
  /** Whether a skill id is one of the registry's (only those may become label values). */
  knownSkill(skillId: string): boolean;
}

/**
 * What the service reports as it works, for metrics: a port declared here and implemented
 * structurally by an adapter (`@skill-service/metrics`), wired by the app through
 * `SkillServiceOptions.observer`. Every method is optional and must not throw; the service never
 * waits for one.
 */
export interface ServiceObserver {
  /** A started skill execution settled; `skillId` is always a registry skill (validated first). */
  skillExecuted?(skillId: string, outcome: 'completed' | 'failed', channel: string): void;
  /**
   * A capability step finished (a skill's step, or a direct capability execution): `protocol` of
   * the binding that served it, else of the capability's primary binding; `skill` for a nested
   * skill step; `none` when no binding is known.
   */
  stepFinished?(protocol: string, outcome: StepOutcome, durationSeconds: number): void;
  /** A capability call moved on along its binding chain. */
  bindingFallback?(capabilityId: string, fromBindingId: string, toBindingId: string): void;
  /** A service's circuit breaker opened. */
  circuitOpened?(serviceId: string): void;
  /** Called once, when the service is built. */
  watch?(sources: ServiceSources): void;
  /** Zero what was counted (the reset-metrics operation). */
  reset?(): void;
  /** An async run was cancelled on request (counted once, by the process whose cancel won). */
  runCancelled?(skillId: string): void;
}
