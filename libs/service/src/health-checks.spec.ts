import { describe, expect, it } from '@jest/globals';
import type { ProtocolProvider } from '@skill-service/bindings';
import type { Registry, RegistryDiagnostic } from '@skill-service/registry';
import type { RunStats } from '@skill-service/runs';
import { collectHealthChecks } from './health-checks.js';
import { overallStatus } from './health-report.js';
import { loadedSkill } from './testing/loaded-skills.js';

const RUNS: RunStats = { stored: 1, capacity: 100, running: 0, executing: 0, queued: 0, workers: 4, closed: false };

function registry(options: { skills?: number; rejected?: number; diagnostics?: RegistryDiagnostic[] } = {}): Registry {
  const skills = new Map(Array.from({ length: options.skills ?? 1 }, (_, index) => [`s${index}`, loadedSkill(`s${index}`, {})]));
  return {
    skills,
    rejectedSkills: new Map(Array.from({ length: options.rejected ?? 0 }, (_, index) => [`bad${index}`, []])),
    capabilities: new Map(),
    services: new Map(),
    bindings: new Map(),
    bindingsByCapability: new Map(),
    policy: { defaults: {}, active: {}, prefer: [] },
    diagnostics: options.diagnostics ?? [],
  };
}

const diagnostic = (severity: 'error' | 'warning'): RegistryDiagnostic => ({ file: 'skills/x/skill.yaml', path: '', code: 'c', message: 'm', severity, root: 'registry' });

const python = (healthy: boolean): ProtocolProvider => ({
  protocol: 'pythoncall',
  call: async () => ({}),
  health: async () => ({
    protocol: 'pythoncall',
    healthy,
    details: { poolSize: 2, liveWorkers: 1, busy: 0, queued: 0, restarts: 3, lastError: { message: 'failed at /secret/path' } },
  }),
});

const mcp: ProtocolProvider = {
  protocol: 'mcp',
  call: async () => ({}),
  health: async () => ({ protocol: 'mcp', healthy: true, details: { services: { builtin: { state: 'connected', pid: 42, last_error: 'x' } } } }),
};

describe('collectHealthChecks', () => {
  it('checks the registry, each provider, the python workers, the MCP servers and the runs', async () => {
    const checks = await collectHealthChecks(registry({ skills: 2, diagnostics: [diagnostic('warning')] }), [python(true), mcp], RUNS);
    expect(checks).toEqual({
      registry: { status: 'ok', critical: true, skills: 2, rejected_skills: 0, capabilities: 0, services: 0, bindings: 0, errors: 0, warnings: 1 },
      providers: { status: 'ok', critical: false, protocols: { pythoncall: 'ok', mcp: 'ok' } },
      python_workers: { status: 'ok', critical: false, pool_size: 2, live: 1, busy: 0, queued: 0, restarts: 3 },
      mcp_servers: { status: 'ok', critical: false, servers: { builtin: 'connected' } },
      runs: { status: 'ok', critical: true, ...RUNS },
    });
    expect(overallStatus(checks)).toBe('ok');
    expect(JSON.stringify(checks)).not.toContain('/secret');
  });

  it('is degraded by a failing provider or registry errors, unhealthy by a failed critical check', async () => {
    expect(overallStatus(await collectHealthChecks(registry(), [python(false)], RUNS))).toBe('degraded');
    expect(overallStatus(await collectHealthChecks(registry({ diagnostics: [diagnostic('error')] }), [], RUNS))).toBe('degraded');
    expect(overallStatus(await collectHealthChecks(registry({ skills: 0, rejected: 2 }), [], RUNS))).toBe('unhealthy');
    expect(overallStatus(await collectHealthChecks(registry(), [], { ...RUNS, closed: true }))).toBe('unhealthy');
  });

  it('fails the runs check when the run store cannot be read (a shared backend unreachable), naming why', async () => {
    const unreachable = { ...RUNS, stored: null, running: null, queued: null, executing: null, error: 'Redis is unavailable, so the run counts cannot be read or stored; try again once it is back' };
    const checks = await collectHealthChecks(registry(), [], unreachable);
    expect(checks['runs']).toMatchObject({ status: 'failed', critical: true, stored: null, error: expect.stringMatching(/^Redis is unavailable/) });
    expect(overallStatus(checks)).toBe('unhealthy');
  });

  it('counts an empty registry as healthy, a provider without self-check as ok and a throwing one as failed', async () => {
    const silent: ProtocolProvider = { protocol: 'openapi', call: async () => ({}) };
    const throwing: ProtocolProvider = { protocol: 'openrpc', call: async () => ({}), health: () => Promise.reject(new Error('down')) };
    const checks = await collectHealthChecks(registry({ skills: 0 }), [silent, throwing], RUNS);
    expect(checks['registry']?.status).toBe('ok');
    expect(checks['providers']).toEqual({ status: 'degraded', critical: false, protocols: { openapi: 'ok', openrpc: 'failed' } });
    expect(checks['python_workers']).toBeUndefined();
  });

  it('reports webhook delivery as a non-critical check, degraded while dead letters wait', async () => {
    const stats = { subscriptions_matched: 9, queued: 2, in_flight: 1, retrying: 3, delivered: 5, failed_attempts: 4, dead_lettered: 1, overflowed: 0, dead_letters: 1, dead_letters_dropped: 2, events_lost: 3 };
    const checks = await collectHealthChecks(registry(), [], RUNS, { subscriptions: 2, stats });
    expect(checks['webhooks']).toEqual({
      status: 'degraded',
      critical: false,
      subscriptions: 2,
      queue_depth: 5,
      in_flight: 1,
      dead_letters: 1,
      delivered: 5,
      failed_attempts: 4,
      dead_lettered: 1,
      dead_letters_dropped: 2,
      events_lost: 3,
    });
    expect(overallStatus(checks)).toBe('degraded');
    const clean = await collectHealthChecks(registry(), [], RUNS, { subscriptions: 0, stats: { ...stats, queued: 0, retrying: 0, in_flight: 0, dead_letters: 0 } });
    expect(clean['webhooks']).toMatchObject({ status: 'ok', subscriptions: 0, queue_depth: 0, dead_letters: 0 });
    expect(overallStatus(clean)).toBe('ok');
  });

  it('reports the webhook state failed (not critical) when its store cannot be read', async () => {
    const stats = { subscriptions_matched: 0, queued: 0, in_flight: 0, retrying: 0, delivered: 0, failed_attempts: 0, dead_lettered: 0, overflowed: 0, dead_letters: 0, dead_letters_dropped: 0, events_lost: 0 };
    const checks = await collectHealthChecks(registry(), [], RUNS, { subscriptions: 0, stats, unavailable: 'Webhook state store (Redis) is unreachable' });
    expect(checks['webhooks']).toEqual({ status: 'failed', critical: false, error: 'Webhook state store (Redis) is unreachable' });
    expect(overallStatus(checks)).toBe('degraded');
  });

  it('fails a provider whose self-check does not answer in time', async () => {
    const hanging: ProtocolProvider = { protocol: 'mcp', call: async () => ({}), health: () => new Promise(() => undefined) };
    const checks = await collectHealthChecks(registry(), [hanging], RUNS);
    expect(checks['mcp_servers']).toEqual({ status: 'failed', critical: false, servers: {} });
  });
});
