import { describe, expect, it } from '@jest/globals';
import { ServiceMetrics, type MetricFamily } from './service-metrics.js';

const family = (families: readonly MetricFamily[], name: string): MetricFamily => {
  const found = families.find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no family ${name} in ${families.map((entry) => entry.name).join(', ')}`);
  return found;
};

/** The value of one sample, by its series name and exact labels. */
function sample(families: readonly MetricFamily[], familyName: string, labels: Record<string, string | number>, seriesName = familyName): number | undefined {
  return family(families, familyName).values.find(
    (entry) => entry.name === seriesName && JSON.stringify(entry.labels) === JSON.stringify(labels),
  )?.value;
}

describe('ServiceMetrics', () => {
  it('counts executions, steps, fallbacks, circuit opens and rate limits with their labels', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    metrics.skillExecuted('text.summary', 'completed', 'http');
    metrics.skillExecuted('text.summary', 'completed', 'http');
    metrics.skillExecuted('text.summary', 'failed', 'http-stream');
    metrics.stepFinished('pythoncall', 'completed', 0.02);
    metrics.stepFinished('pythoncall', 'completed', 3);
    metrics.stepFinished('mcp', 'failed', 0.5);
    metrics.bindingFallback('text.keyword.extract');
    metrics.circuitOpened('svc.remote');
    metrics.rateLimited('/v1/skills/{skill_id}/execute');
    metrics.rateLimited(undefined);
    const json = await metrics.json();

    expect(sample(json, 'skill_service_skill_executions_total', { skill: 'text.summary', outcome: 'completed', channel: 'http' })).toBe(2);
    expect(sample(json, 'skill_service_skill_executions_total', { skill: 'text.summary', outcome: 'failed', channel: 'http-stream' })).toBe(1);
    const steps = 'skill_service_step_duration_seconds';
    expect(sample(json, steps, { protocol: 'pythoncall', outcome: 'completed' }, `${steps}_count`)).toBe(2);
    expect(sample(json, steps, { protocol: 'pythoncall', outcome: 'completed' }, `${steps}_sum`)).toBeCloseTo(3.02);
    expect(sample(json, steps, { le: 0.025, protocol: 'pythoncall', outcome: 'completed' }, `${steps}_bucket`)).toBe(1);
    expect(sample(json, steps, { protocol: 'mcp', outcome: 'failed' }, `${steps}_count`)).toBe(1);
    expect(sample(json, 'skill_service_binding_fallbacks_total', { capability: 'text.keyword.extract' })).toBe(1);
    expect(sample(json, 'skill_service_circuit_opens_total', { service: 'svc.remote' })).toBe(1);
    expect(sample(json, 'skill_service_rate_limited_requests_total', { route: '/v1/skills/{skill_id}/execute' })).toBe(1);
    expect(sample(json, 'skill_service_rate_limited_requests_total', { route: 'unmatched' })).toBe(1);
  });

  it('labels requests by route template, folds unknown routes and odd methods, and keeps the status', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    metrics.observeHttpRequest({ method: 'post', route: '/v1/skills/{skill_id}/execute', status: 200, durationSeconds: 0.01 });
    metrics.observeHttpRequest({ method: 'POST', route: '/v1/skills/{skill_id}/execute', status: 404, durationSeconds: 0.001 });
    metrics.observeHttpRequest({ method: 'GET', route: undefined, status: 404, durationSeconds: 0.001 });
    metrics.observeHttpRequest({ method: 'BREW', route: undefined, status: 404, durationSeconds: 0.001 });
    const json = await metrics.json();
    const name = 'skill_service_http_request_duration_seconds';
    expect(sample(json, name, { method: 'POST', route: '/v1/skills/{skill_id}/execute', status: '200' }, `${name}_count`)).toBe(1);
    expect(sample(json, name, { method: 'POST', route: '/v1/skills/{skill_id}/execute', status: '404' }, `${name}_count`)).toBe(1);
    expect(sample(json, name, { method: 'GET', route: 'unmatched', status: '404' }, `${name}_count`)).toBe(1);
    expect(sample(json, name, { method: 'OTHER', route: 'unmatched', status: '404' }, `${name}_count`)).toBe(1);
  });

  it('bounds label values and keeps skill labels to known skills', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false, maxLabelValues: 2 });
    metrics.watch({ knownSkill: (id) => id.startsWith('known.') });
    for (const id of ['known.a', 'known.b', 'known.c', 'made.up']) metrics.skillExecuted(id, 'completed', 'http');
    const json = await metrics.json();
    const skills = family(json, 'skill_service_skill_executions_total').values.map((entry) => entry.labels['skill']);
    expect(skills.sort()).toEqual(['known.a', 'known.b', 'other', 'unknown']);
  });

  it('samples run gauges and webhook counters from their sources when scraped', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const runs = { queued: 3, executing: 2 };
    const webhooks = { delivered: 5, failed_attempts: 4, dead_lettered: 1 };
    metrics.watch({ runs: () => runs, webhooks: () => webhooks });
    webhooks.delivered = 7;
    webhooks.failed_attempts = 6;
    const json = await metrics.json();
    expect(sample(json, 'skill_service_runs_queued', {})).toBe(3);
    expect(sample(json, 'skill_service_runs_running', {})).toBe(2);
    // Counted from the moment the metrics started watching.
    expect(sample(json, 'skill_service_webhook_deliveries_total', { outcome: 'delivered' })).toBe(2);
    expect(sample(json, 'skill_service_webhook_deliveries_total', { outcome: 'failed' })).toBe(2);
    expect(sample(json, 'skill_service_webhook_deliveries_total', { outcome: 'dead_lettered' })).toBe(0);
    runs.queued = 0;
    expect(sample(await metrics.json(), 'skill_service_runs_queued', {})).toBe(0);
  });

  it('reset zeroes the counts, webhook deliveries included', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const webhooks = { delivered: 5, failed_attempts: 0, dead_lettered: 0 };
    metrics.watch({ webhooks: () => webhooks });
    webhooks.delivered = 6;
    metrics.skillExecuted('a.b', 'completed', 'http');
    metrics.reset();
    const json = await metrics.json();
    expect(family(json, 'skill_service_skill_executions_total').values).toEqual([]);
    expect(sample(json, 'skill_service_webhook_deliveries_total', { outcome: 'delivered' })).toBe(0);
    webhooks.delivered = 8;
    expect(sample(await metrics.json(), 'skill_service_webhook_deliveries_total', { outcome: 'delivered' })).toBe(2);
  });

  it('writes the text exposition of the same registry, process metrics included', async () => {
    const metrics = new ServiceMetrics();
    metrics.skillExecuted('text.summary', 'completed', 'http');
    const text = await metrics.prometheusText();
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(text).toContain('# TYPE skill_service_skill_executions_total counter');
    expect(text).toContain('skill_service_skill_executions_total{skill="text.summary",outcome="completed",channel="http"} 1');
    expect(text).toContain('# TYPE skill_service_http_request_duration_seconds histogram');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    const names = (await metrics.json()).map((entry) => entry.name);
    for (const name of names) expect(text).toContain(`# TYPE ${name} `);
  });

  it('keeps each instance on its own registry', async () => {
    const one = new ServiceMetrics({ defaultMetrics: false });
    const two = new ServiceMetrics({ defaultMetrics: false });
    one.circuitOpened('svc');
    expect(sample(await one.json(), 'skill_service_circuit_opens_total', { service: 'svc' })).toBe(1);
    expect(family(await two.json(), 'skill_service_circuit_opens_total').values).toEqual([]);
  });
});
