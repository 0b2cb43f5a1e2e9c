import { z } from 'zod';

/** The catalog operations counted since start (or the last metrics reset). */
export const CATALOG_OPERATIONS = ['list', 'describe', 'discover', 'governance', 'diagnostics', 'attach', 'reset_metrics'] as const;
export const CatalogOperation = z.enum(CATALOG_OPERATIONS);
export type CatalogOperation = z.infer<typeof CatalogOperation>;

export const LoadDiagnostic = z.object({
  file: z.string().describe('Relative to its root'),
  path: z.string(),
  code: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
  root: z.string().describe('registry or runtime'),
  suggestion: z.string().optional().describe('A close known name for a misspelt one ("did you mean")'),
});
export type LoadDiagnostic = z.infer<typeof LoadDiagnostic>;

/** GET /v1/skills/diagnostics. Never holds an absolute filesystem path. */
export const DiagnosticsReport = z
  .object({
    process: z.object({
      started_at: z.string().describe('ISO 8601 UTC'),
      uptime_seconds: z.number(),
      operation_counts: z.record(CatalogOperation, z.int()),
    }),
    registry: z.object({
      counts: z.object({
        skills: z.int(),
        rejected_skills: z.int(),
        capabilities: z.int(),
        services: z.int(),
        bindings: z.int(),
      }),
      diagnostics: z.array(LoadDiagnostic),
      rejected_skills: z.array(z.string()),
      unbound_capabilities: z.array(z.string()).describe('Capabilities without an eligible binding (experimental profile)'),
    }),
    providers: z
      .record(z.string(), z.looseObject({ status: z.string() }))
      .describe('Per subsystem (providers, python_workers, mcp_servers): status and counters'),
    circuit_breakers: z
      .record(z.string(), z.object({ state: z.string(), failures: z.int() }))
      .describe('Services whose circuit is not closed'),
    execution_history: z.object({
      skills: z.int().describe('Skills with at least one settled execution'),
      executions: z.int(),
      trace_ids: z.int().describe('Trace ids remembered for attach targets (bounded)'),
    }),
  })
  .meta({ id: 'DiagnosticsReport' });
export type DiagnosticsReport = z.infer<typeof DiagnosticsReport>;

/** Answer of the metrics reset (tool bridge `skill.metrics.reset`). */
export const MetricsReset = z
  .object({ reset: z.literal(true), diagnostics: DiagnosticsReport })
  .meta({ id: 'MetricsReset' });
export type MetricsReset = z.infer<typeof MetricsReset>;
