/** Async-run queue state, read at each scrape (RunManager.stats() has this shape); null when unknown. */
export interface RunGaugeSource {
  /** Runs waiting for a worker. */
  readonly queued: number | null;
  /** Runs executing now. */
  readonly executing: number | null;
}

/** Webhook delivery counters since start (WebhookDispatcher.stats() has this shape). */
export interface WebhookCounterSource {
  readonly delivered: number;
  readonly failed_attempts: number;
  readonly dead_lettered: number;
}

/**
 * What the metrics read from the running service instead of being told: gauges and counters the
 * service already keeps are sampled when scraped, so nothing new is counted on the hot path.
 */
export interface MetricSources {
  /** May be asynchronous (a shared run queue is asked); a failed read reports 0. */
  readonly runs?: () => RunGaugeSource | Promise<RunGaugeSource>;
  readonly webhooks?: () => WebhookCounterSource;
  /** Skill ids allowed as label values (the registry's); others are counted as `unknown`. */
  readonly knownSkill?: (skillId: string) => boolean;
}
