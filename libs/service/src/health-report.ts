import { z } from 'zod';

export const CheckStatus = z.enum(['ok', 'degraded', 'failed']);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** One subsystem's state; a failed critical check makes the service unhealthy (503). */
export const HealthCheck = z
  .looseObject({ status: CheckStatus, critical: z.boolean() })
  .meta({ id: 'HealthCheck', description: 'Subsystem-specific counters accompany status and critical.' });
export type HealthCheck = z.infer<typeof HealthCheck>;

export const HealthReport = z
  .object({
    status: z.enum(['ok', 'degraded', 'unhealthy']),
    version: z.string(),
    uptime_seconds: z.number(),
    checks: z.record(z.string(), HealthCheck).optional().describe('With deep=true: registry, providers, python_workers, mcp_servers, runs, webhooks'),
  })
  .meta({ id: 'HealthReport' });
export type HealthReport = z.infer<typeof HealthReport>;

/** unhealthy when a critical check failed; degraded when any other check is not ok. */
export function overallStatus(checks: Readonly<Record<string, HealthCheck>>): HealthReport['status'] {
  const all = Object.values(checks);
  if (all.some((check) => check.critical && check.status === 'failed')) return 'unhealthy';
  return all.every((check) => check.status === 'ok') ? 'ok' : 'degraded';
}
