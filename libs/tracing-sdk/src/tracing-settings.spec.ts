import { describe, expect, it } from '@jest/globals';
import { tracingSettings } from './tracing-settings.js';

describe('tracingSettings', () => {
  it.each([
    ['nothing set', {}],
    ['OTEL_TRACES_EXPORTER=none, even with an endpoint', { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }],
    ['OTEL_SDK_DISABLED=true', { OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }],
    ['only a service name', { OTEL_SERVICE_NAME: 'svc' }],
  ])('is off with %s', (_case, env) => {
    expect(tracingSettings(env, 'skill-server')).toEqual({ enabled: false });
  });

  it('is on with an endpoint alone: OTLP over HTTP/protobuf to <endpoint>/v1/traces, batched with the standard bounds', () => {
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }, 'skill-server')).toEqual({
      enabled: true,
      exporter: 'otlp',
      protocol: 'http/protobuf',
      url: 'http://collector:4318/v1/traces',
      serviceName: 'skill-server',
      batch: { maxQueueSize: 2048, maxExportBatchSize: 512, scheduledDelayMillis: 5000, exportTimeoutMillis: 30000 },
    });
  });

  it('reads the exporter, the protocol, the traces endpoint, the service name and the batch bounds', () => {
    const env = {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://ignored:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example/custom/traces',
      OTEL_SERVICE_NAME: 'skills-eu',
      OTEL_BSP_MAX_QUEUE_SIZE: '100',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    };
    expect(tracingSettings(env, 'skill-server')).toMatchObject({
      exporter: 'otlp',
      protocol: 'http/json',
      url: 'https://collector.example/custom/traces',
      serviceName: 'skills-eu',
      batch: { maxQueueSize: 100, scheduledDelayMillis: 200 },
    });
    expect(tracingSettings({ OTEL_TRACES_EXPORTER: 'console' }, 'x')).toMatchObject({ enabled: true, exporter: 'console', url: 'http://localhost:4318/v1/traces' });
  });

  it.each([
    [{ OTEL_TRACES_EXPORTER: 'jaeger' }, /OTEL_TRACES_EXPORTER must be otlp, console or none, got 'jaeger'/],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, /OTEL_EXPORTER_OTLP_PROTOCOL must be http\/protobuf or http\/json/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /endpoint must be an http\(s\) URL/],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_BSP_MAX_QUEUE_SIZE: '-1' }, /OTEL_BSP_MAX_QUEUE_SIZE must be a positive integer, got '-1'/],
  ])('refuses %j with a configuration error naming the variable', (env, message) => {
    expect(() => tracingSettings(env, 'x')).toThrow(expect.objectContaining({ code: 'invalid_configuration', message: expect.stringMatching(message) }) as unknown as Error);
  });
});
