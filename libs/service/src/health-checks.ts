import type { ProtocolProvider, ProviderHealth } from '@skill-service/bindings';
import type { Registry } from '@skill-service/registry';
import type { RunStats } from '@skill-service/runs';
import type { WebhookStats } from '@skill-service/webhooks';
import type { CheckStatus, HealthCheck } from './health-report.js';

// A provider that does not answer its self-check this fast counts as failed.
const PROVIDER_CHECK_TIMEOUT_MS = 2000;

function registryCheck(registry: Registry): HealthCheck {
  const errors = registry.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  // An empty registry is a valid (if idle) service; one whose every skill was rejected is broken.
  const allRejected = registry.skills.size === 0 && registry.rejectedSkills.size > 0;
  const status: CheckStatus = allRejected ? 'failed' : errors > 0 ? 'degraded' : 'ok';
  return {
    status,
    critical: true,
    skills: registry.skills.size,
    rejected_skills: registry.rejectedSkills.size,
    capabilities: registry.capabilities.size,
    services: registry.services.size,
    bindings: registry.bindings.size,
    errors,
    warnings: registry.diagnostics.length - errors,
  };
}

async function providerHealth(provider: ProtocolProvider): Promise<ProviderHealth> {
  if (provider.health === undefined) return { protocol: provider.protocol, healthy: true, details: {} };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProviderHealth>((resolve) => {
    timer = setTimeout(() => resolve({ protocol: provider.protocol, healthy: false, details: {} }), PROVIDER_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      provider.health().catch((): ProviderHealth => ({ protocol: provider.protocol, healthy: false, details: {} })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const count = (details: Record<string, unknown>, key: string): number | null => {
  const value = details[key];
  return typeof value === 'number' ? value : null;
};

// Only counters and states are reported: details may hold commands, pids and error texts.
function pythonWorkersCheck(health: ProviderHealth): HealthCheck {
  const { details } = health;
  return {
    status: health.healthy ? 'ok' : 'failed',
    critical: false,
    pool_size: count(details, 'poolSize'),
    live: count(details, 'liveWorkers'),
    busy: count(details, 'busy'),
    queued: count(details, 'queued'),
    restarts: count(details, 'restarts'),
  };
}

function mcpServersCheck(health: ProviderHealth): HealthCheck {
  const services = health.details['services'];
  const servers: Record<string, unknown> = {};
  if (typeof services === 'object' && services !== null) {
    for (const [id, service] of Object.entries(services)) {
      servers[id] = typeof service === 'object' && service !== null ? ((service as { state?: unknown }).state ?? null) : null;
    }
  }
  return { status: health.healthy ? 'ok' : 'failed', critical: false, servers };
}

// Failed when closing, or when the run store or queue cannot be read (a shared backend unreachable).
function runsCheck(stats: RunStats): HealthCheck {
  return { status: stats.closed || stats.error !== undefined ? 'failed' : 'ok', critical: true, ...stats };
}

/** Webhook delivery as deep health reports it. */
export interface WebhookHealth {
  readonly subscriptions: number;
  readonly stats: WebhookStats;
  /** Why the webhook state could not be read (its store unreachable). */
  readonly unavailable?: string;
}

// Not critical: executions go on whatever happens to deliveries; waiting dead letters degrade it.
function webhooksCheck({ subscriptions, stats, unavailable }: WebhookHealth): HealthCheck {
  if (unavailable !== undefined) return { status: 'failed', critical: false, error: unavailable };
  return {
    status: stats.dead_letters > 0 ? 'degraded' : 'ok',
    critical: false,
    subscriptions,
    queue_depth: stats.queued + stats.retrying,
    in_flight: stats.in_flight,
    dead_letters: stats.dead_letters,
    delivered: stats.delivered,
    failed_attempts: stats.failed_attempts,
    dead_lettered: stats.dead_lettered,
    dead_letters_dropped: stats.dead_letters_dropped,
    events_lost: stats.events_lost,
  };
}

/** Deep health: every subsystem checked at once; providers answer their own self-checks. */
export async function collectHealthChecks(
  registry: Registry,
  providers: readonly ProtocolProvider[],
  runs: RunStats,
  webhooks?: WebhookHealth,
): Promise<Record<string, HealthCheck>> {
  const healths = await Promise.all(providers.map(providerHealth));
  const checks: Record<string, HealthCheck> = {
    registry: registryCheck(registry),
    providers: {
      status: healths.every((health) => health.healthy) ? 'ok' : 'degraded',
      critical: false,
      protocols: Object.fromEntries(healths.map((health) => [health.protocol, health.healthy ? 'ok' : 'failed'])),
    },
  };
  const python = healths.find((health) => health.protocol === 'pythoncall');
  if (python !== undefined) checks['python_workers'] = pythonWorkersCheck(python);
  const mcp = healths.find((health) => health.protocol === 'mcp');
  if (mcp !== undefined) checks['mcp_servers'] = mcpServersCheck(mcp);
  checks['runs'] = runsCheck(runs);
  if (webhooks !== undefined) checks['webhooks'] = webhooksCheck(webhooks);
  return checks;
}
