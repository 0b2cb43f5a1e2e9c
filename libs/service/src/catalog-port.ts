import type { CatalogSource, RuntimeFacts } from '@skill-service/catalog';
import type { RunStats } from '@skill-service/runs';
import { collectHealthChecks } from './health-checks.js';
import type { ServiceRuntime } from './service-runtime.js';

/** The catalog's view of the loaded registry; binding coverage is the bindings' explain plan. */
export function catalogSource(runtime: ServiceRuntime): CatalogSource {
  return {
    skills: runtime.registry.skills,
    capabilities: runtime.registry.capabilities,
    hasEligibleBinding: (capability, profile) => {
      try {
        return runtime.bindings.explain(capability, profile).chain.some((entry) => entry.eligible);
      } catch {
        // No binding configured at all.
        return false;
      }
    },
  };
}

const PROVIDER_CHECKS = ['providers', 'python_workers', 'mcp_servers'];

/** What diagnostics reports beyond the catalog: the rest of the load, provider health (the deep health checks), breakers. */
export async function runtimeFacts(runtime: ServiceRuntime, runs: RunStats): Promise<RuntimeFacts> {
  const { registry } = runtime;
  const checks = await collectHealthChecks(registry, runtime.providers, runs);
  return {
    diagnostics: registry.diagnostics,
    rejectedSkills: registry.rejectedSkills.keys(),
    services: registry.services.size,
    bindings: registry.bindings.size,
    providers: Object.fromEntries(Object.entries(checks).filter(([name]) => PROVIDER_CHECKS.includes(name))),
    circuitBreakers: runtime.breaker.snapshot(),
  };
}
