/*
 * @skill-service/metrics — the service's metrics on one prom-client registry: HTTP request
 * durations by route template, skill executions, step durations, binding fallbacks, circuit
 * opens, async runs, webhook deliveries, rate-limited requests and process metrics, as the
 * Prometheus text exposition and as JSON. Label values are bounded.
 */
export { BoundedLabel } from './bounded-label.js';
export type { MetricSources, RunGaugeSource, WebhookCounterSource } from './metric-sources.js';
export {
  ServiceMetrics,
  UNMATCHED_ROUTE,
  type HttpRequestSample,
  type MetricFamily,
  type MetricSample,
  type ServiceMetricsOptions,
} from './service-metrics.js';
