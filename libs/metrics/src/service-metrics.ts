import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { BoundedLabel } from './bounded-label.js';
import type { MetricSources, RunGaugeSource, WebhookCounterSource } from './metric-sources.js';

const REDUNDANT_DEFAULT_GAUGES = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** One answered HTTP request; `route` is the matched route's template, undefined when none matched. */
export interface HttpRequestSample {
  readonly method: string;
  readonly route: string | undefined;
  readonly status: number;
  readonly durationSeconds: number;
}

/** One sample of the JSON view: histograms report `_bucket`, `_sum` and `_count` series by name. */
export interface MetricSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
}

export interface MetricFamily {
  readonly name: string;
  readonly help: string;
  readonly type: string;
  readonly values: readonly MetricSample[];
}

export interface ServiceMetricsOptions {
  /** Process metrics (CPU, memory, event loop, GC) of prom-client; default true. */
  readonly defaultMetrics?: boolean;
  /** Most distinct values kept per label (skills, routes, protocols…) before `other`; default 500. */
  readonly maxLabelValues?: number;
}

/** Requests whose path matched no route share one label value. */
export const UNMATCHED_ROUTE = 'unmatched';

const PREFIX = 'skill_service_';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const NO_WEBHOOKS: WebhookCounterSource = { delivered: 0, failed_attempts: 0, dead_lettered: 0 };
const NO_RUNS: RunGaugeSource = { queued: 0, executing: 0 };

/** The run figures for one scrape; a source that fails (a shared queue away) reads as none. */
async function readRuns(sources: MetricSources): Promise<RunGaugeSource> {
  try {
    return (await sources.runs?.()) ?? NO_RUNS;
  } catch {
    return NO_RUNS;
  }
}
// Steps and requests range from sub-millisecond built-ins to minute-long provider calls.
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The service's metrics on one prom-client registry of its own (never the global default, so two
 * servers in one process, or tests, do not share counts): HTTP request durations by route
 * template, skill executions, step durations, binding fallbacks, circuit opens, async runs,
 * webhook deliveries, rate-limited requests and prom-client's process metrics. Run and webhook
 * figures are read from `watch`ed sources when scraped. It implements the service's observer
 * port structurally (libs/service declares it; an adapter cannot import the feature layer).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly executions: Counter<'skill' | 'outcome' | 'channel'>;
  private readonly stepDuration: Histogram<'protocol' | 'outcome'>;
  private readonly fallbacks: Counter<'capability'>;
  private readonly circuitOpens: Counter<'service'>;
  private readonly rateLimitedRequests: Counter<'route'>;
  private readonly authFailures: Counter<'reason'>;
  private readonly droppedSpans: Counter<'reason'>;
  private readonly cancelledRuns: Counter<'skill'>;
  private readonly labels: Record<'route' | 'skill' | 'channel' | 'protocol' | 'capability' | 'service' | 'reason', BoundedLabel>;
  private sources: MetricSources = {};
  /** Webhook counters at the last reset: the dispatcher's own counters never go back. */
  private webhookBaseline: WebhookCounterSource = NO_WEBHOOKS;

  constructor(options: ServiceMetricsOptions = {}) {
    const registers = [this.registry];
    const max = options.maxLabelValues ?? 500;
    this.labels = {
      route: new BoundedLabel(max),
      skill: new BoundedLabel(max),
      channel: new BoundedLabel(32),
      protocol: new BoundedLabel(32),
      capability: new BoundedLabel(max),
      service: new BoundedLabel(max),
      reason: new BoundedLabel(64),
    };
    this.httpDuration = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'HTTP requests by method, route template (unmatched for unknown paths) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.executions = new Counter({
      name: `${PREFIX}skill_executions_total`,
      help: 'Skill executions by skill, outcome (completed, failed) and channel (http, http-stream, http-async, …)',
      labelNames: ['skill', 'outcome', 'channel'],
      registers,
    });
    this.stepDuration = new Histogram({
      name: `${PREFIX}step_duration_seconds`,
      help: 'Capability steps (skill steps and direct capability executions) by provider protocol and outcome',
      labelNames: ['protocol', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.fallbacks = new Counter({
      name: `${PREFIX}binding_fallbacks_total`,
      help: 'Times a capability call moved on to the next binding of its chain',
      labelNames: ['capability'],
      registers,
    });
    this.circuitOpens = new Counter({
      name: `${PREFIX}circuit_opens_total`,
      help: 'Times a service circuit breaker opened',
      labelNames: ['service'],
      registers,
    });
    this.rateLimitedRequests = new Counter({
      name: `${PREFIX}rate_limited_requests_total`,
      help: 'Requests refused with 429 by the rate limiter, by route template',
      labelNames: ['route'],
      registers,
    });
    this.authFailures = new Counter({
      name: `${PREFIX}auth_failures_total`,
      help: 'Failed authentications answered 401/403, by reason (missing, unknown_key, jwt_expired, jwt_bad_signature, backend_refused…)',
      labelNames: ['reason'],
      registers,
    });
    this.droppedSpans = new Counter({
      name: `${PREFIX}trace_spans_dropped_total`,
      help: 'Trace spans not exported, by reason: queue_full (the export queue was at its bound), export_failed (the collector refused or could not be reached)',
      labelNames: ['reason'],
      registers,
    });
    this.cancelledRuns = new Counter({
      name: `${PREFIX}runs_cancelled_total`,
      help: 'Async runs cancelled on request (POST /v1/runs/{run_id}/cancel), by skill; counted once per deployment',
      labelNames: ['skill'],
      registers,
    });
    const sources = (): MetricSources => this.sources;
    new Gauge({
      name: `${PREFIX}runs_queued`,
      help: 'Async runs waiting for a worker',
      registers,
      async collect() {
        this.set((await readRuns(sources())).queued ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}runs_running`,
      help: 'Async runs executing',
      registers,
      async collect() {
        this.set((await readRuns(sources())).executing ?? 0);
      },
    });
    const baseline = (): WebhookCounterSource => this.webhookBaseline;
    new Counter({
      name: `${PREFIX}webhook_deliveries_total`,
      help: 'Webhook delivery attempts by outcome: delivered, failed (an attempt that will be retried or dead-lettered), dead_lettered',
      labelNames: ['outcome'],
      registers,
      collect() {
        const now = sources().webhooks?.() ?? NO_WEBHOOKS;
        const since = baseline();
        this.reset();
        this.inc({ outcome: 'delivered' }, Math.max(0, now.delivered - since.delivered));
        this.inc({ outcome: 'failed' }, Math.max(0, now.failed_attempts - since.failed_attempts));
        this.inc({ outcome: 'dead_lettered' }, Math.max(0, now.dead_lettered - since.dead_lettered));
      },
    });
    if (options.defaultMetrics !== false) {
      collectDefaultMetrics({ register: this.registry });
      // prom-client names these gauges with `_total`, a suffix Prometheus reserves for counters
      // (`promtool check metrics` reports them); each is only the sum of the per-type gauge without it.
      for (const name of REDUNDANT_DEFAULT_GAUGES) this.registry.removeSingleMetric(name);
    }
  }

  /** Where run and webhook figures and the known skill ids are read from (the wired service). */
  watch(sources: MetricSources): void {
    this.sources = sources;
    this.webhookBaseline = this.webhookFigures();
  }

  observeHttpRequest(sample: HttpRequestSample): void {
    const method = sample.method.toUpperCase();
    this.httpDuration.observe(
      {
        method: METHODS.has(method) ? method : 'OTHER',
        route: sample.route === undefined ? UNMATCHED_ROUTE : this.labels.route.value(sample.route),
        status: String(sample.status),
      },
      sample.durationSeconds,
    );
  }

  skillExecuted(skillId: string, outcome: 'completed' | 'failed', channel: string): void {
    const known = this.sources.knownSkill?.(skillId) ?? true;
    this.executions.inc({ skill: known ? this.labels.skill.value(skillId) : 'unknown', outcome, channel: this.labels.channel.value(channel) });
  }

  stepFinished(protocol: string, outcome: string, durationSeconds: number): void {
    this.stepDuration.observe({ protocol: this.labels.protocol.value(protocol), outcome }, durationSeconds);
  }

  bindingFallback(capabilityId: string): void {
    this.fallbacks.inc({ capability: this.labels.capability.value(capabilityId) });
  }

  circuitOpened(serviceId: string): void {
    this.circuitOpens.inc({ service: this.labels.service.value(serviceId) });
  }

  rateLimited(route: string | undefined): void {
    this.rateLimitedRequests.inc({ route: route === undefined ? UNMATCHED_ROUTE : this.labels.route.value(route) });
  }

  /** A failed authentication; `reason` comes from a closed set, bounded all the same. */
  authRefused(reason: string): void {
    this.authFailures.inc({ reason: this.labels.reason.value(reason) });
  }

  /** Spans the tracing exporter dropped (tracing on, collector slow, full or unreachable). */
  spansDropped(reason: 'queue_full' | 'export_failed', count: number): void {
    this.droppedSpans.inc({ reason }, count);
  }

  /** An async run cancelled on request. */
  runCancelled(skillId: string): void {
    const known = this.sources.knownSkill?.(skillId) ?? true;
    this.cancelledRuns.inc({ skill: known ? this.labels.skill.value(skillId) : 'unknown' });
  }

  /** The Prometheus text exposition (`contentType`). */
  prometheusText(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The same registry as JSON: one entry per metric family with every labelled sample. */
  async json(): Promise<MetricFamily[]> {
    const families = await this.registry.getMetricsAsJSON();
    return families.map((family) => ({
      name: family.name,
      help: family.help,
      type: String(family.type),
      values: family.values.map((sample) => ({
        name: 'metricName' in sample && typeof sample.metricName === 'string' ? sample.metricName : family.name,
        labels: { ...sample.labels } as Record<string, string | number>,
        value: sample.value,
      })),
    }));
  }

  /** A copy: a source may hand out its live counters. */
  private webhookFigures(): WebhookCounterSource {
    const { delivered, failed_attempts, dead_lettered } = this.sources.webhooks?.() ?? NO_WEBHOOKS;
    return { delivered, failed_attempts, dead_lettered };
  }

  /** Zeroes every metric (process metrics included); webhook counts restart from the current figures. */
  reset(): void {
    this.registry.resetMetrics();
    this.webhookBaseline = this.webhookFigures();
    for (const label of Object.values(this.labels)) label.clear();
  }
}
