import { sanitizeMessage, type CatalogOperation, type DiagnosticsReport, type LoadDiagnostic } from '@skill-service/contracts';
import type { CoverageCheck } from './binding-coverage.js';
import type { CatalogSource } from './catalog-source.js';
import type { ExecutionHistory } from './execution-history.js';
import { byCodePoint } from './skill-list.js';

/** What the service knows beyond the catalog's source: the rest of the load, provider health, breakers. */
export interface RuntimeFacts {
  /** Registry load diagnostics; files are relative to their root. */
  readonly diagnostics: readonly LoadDiagnostic[];
  readonly rejectedSkills: Iterable<string>;
  readonly services: number;
  readonly bindings: number;
  /** Subsystem checks (providers, python_workers, mcp_servers): counters and states only. */
  readonly providers: DiagnosticsReport['providers'];
  /** Services whose circuit is not closed. */
  readonly circuitBreakers: DiagnosticsReport['circuit_breakers'];
}

export interface DiagnosticsParts {
  readonly source: CatalogSource;
  readonly facts: RuntimeFacts;
  readonly coverage: CoverageCheck;
  readonly history: ExecutionHistory;
  readonly counts: Record<CatalogOperation, number>;
  readonly startedAt: number;
  readonly now: number;
}

/**
 * The diagnostics answer. Load messages go through the contract's message sanitiser (absolute
 * paths become `<path>`), so no filesystem path of the host reaches a client.
 */
export function diagnosticsReport(parts: DiagnosticsParts): DiagnosticsReport {
  const { source, facts, coverage, history } = parts;
  const rejected = [...facts.rejectedSkills].sort(byCodePoint);
  const unbound = [...source.capabilities.keys()].filter((id) => !coverage.isBound(id, 'experimental')).sort(byCodePoint);
  return {
    process: {
      started_at: new Date(parts.startedAt).toISOString(),
      uptime_seconds: Math.round(parts.now - parts.startedAt) / 1000,
      operation_counts: parts.counts,
    },
    registry: {
      counts: {
        skills: source.skills.size,
        rejected_skills: rejected.length,
        capabilities: source.capabilities.size,
        services: facts.services,
        bindings: facts.bindings,
      },
      diagnostics: facts.diagnostics.map((diagnostic) => ({
        file: diagnostic.file,
        path: diagnostic.path,
        code: diagnostic.code,
        message: sanitizeMessage(diagnostic.message),
        severity: diagnostic.severity,
        root: diagnostic.root,
      })),
      rejected_skills: rejected,
      unbound_capabilities: unbound,
    },
    providers: facts.providers,
    circuit_breakers: facts.circuitBreakers,
    execution_history: history.size(),
  };
}
