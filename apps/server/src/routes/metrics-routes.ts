import type { ServiceMetrics } from '@skill-service/metrics';
import { z } from 'zod';
import type { RouteDefinition } from '../route-definition.js';

const MetricSample = z
  .object({
    name: z.string().describe('The series: the family name, or its `_bucket`, `_sum`, `_count` for a histogram'),
    labels: z.record(z.string(), z.union([z.string(), z.number()])),
    value: z.number().nullable().describe('null where Prometheus would write NaN'),
  })
  .meta({ id: 'MetricSample' });

const MetricFamily = z
  .object({
    name: z.string(),
    help: z.string(),
    type: z.string().describe('counter, gauge, histogram or summary'),
    values: z.array(MetricSample),
  })
  .meta({ id: 'MetricFamily' });

export const MetricsSnapshot = z
  .object({ metrics: z.array(MetricFamily) })
  .meta({ id: 'MetricsSnapshot', description: 'Every metric family of the service registry, the same ones the Prometheus text exposition carries.' });

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4';

/** The one metrics registry as JSON and as the Prometheus text exposition (operator). */
export function metricsRoutes(metrics: ServiceMetrics): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/v1/metrics',
      operationId: 'getMetrics',
      summary: 'Metrics as JSON: HTTP requests, executions, steps, bindings, runs, webhooks, rate limits, process',
      access: 'operator',
      responses: { 200: { description: 'Every metric family with its samples', schema: MetricsSnapshot } },
      errors: [],
      handler: async (_req, res) => {
        res.json({ metrics: await metrics.json() });
      },
    },
    {
      method: 'get',
      path: '/v1/metrics/prometheus',
      operationId: 'getPrometheusMetrics',
      summary: 'The same metrics in the Prometheus text exposition format 0.0.4',
      access: 'operator',
      responses: { 200: { description: 'Prometheus text format', schema: z.string(), contentType: PROMETHEUS_TEXT } },
      errors: [],
      handler: async (_req, res) => {
        const text = await metrics.prometheusText();
        res.type(metrics.contentType).send(text);
      },
    },
  ];
}
