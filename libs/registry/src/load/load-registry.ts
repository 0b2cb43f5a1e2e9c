import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LoadRegistryOptions, Registry } from '../registry.js';
import { loadBindings } from './load-bindings.js';
import { loadCapabilities } from './load-capabilities.js';
import { LoadContext } from './load-context.js';
import { loadPolicy } from './load-policy.js';
import { loadServices } from './load-services.js';
import { loadSkills } from './load-skills.js';
import { discoverLayout } from './registry-layout.js';
import type { BindingDefinition } from '@skill-service/contracts';
import type { LoadedCapability } from '../registry.js';

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Loads and cross-checks a registry root (skills, capabilities) and an optional runtime root
 * (services, bindings, policies, local skills and the `.agent-skills/` host overlay). Never throws
 * for bad content: every problem is a diagnostic, and everything valid is still loaded.
 */
export async function loadRegistry(options: LoadRegistryOptions): Promise<Registry> {
  const context = new LoadContext(options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
  const registryRoot = resolve(options.registryRoot);
  const runtimeRoot = options.runtimeRoot === undefined ? undefined : resolve(options.runtimeRoot);
  for (const [kind, root] of [
    ['registry', registryRoot],
    ['runtime', runtimeRoot],
  ] as const) {
    if (root !== undefined && !isDirectory(root)) {
      context.reporterFor({ root: kind, file: '.' }).error([], 'root_not_found', `the ${kind} root is not a readable folder`);
    }
  }

  const layout = discoverLayout(context, registryRoot, runtimeRoot);
  const [capabilities, services] = await Promise.all([
    loadCapabilities(context, layout.registryCapabilities, layout.localCapabilities),
    loadServices(context, layout.serviceFiles, layout.localServices),
  ]);
  const [{ bindings, byCapability }, { skills, rejectedSkills }] = await Promise.all([
    loadBindings(context, layout.bindings, services, capabilities),
    loadSkills(context, layout.skills, capabilities),
  ]);
  const policy = await loadPolicy(context, layout, bindings, services);
  // Without a runtime root nothing is bound by design (a registry checked on its own terms).
  if (runtimeRoot !== undefined) reportUnboundCapabilities(context, capabilities, byCapability);

  return {
    skills,
    rejectedSkills,
    capabilities,
    services,
    bindings,
    bindingsByCapability: byCapability,
    policy,
    diagnostics: context.diagnostics(),
  };
}

/** A capability no loaded binding serves still loads (a skill may be written first), with a warning. */
function reportUnboundCapabilities(
  context: LoadContext,
  capabilities: ReadonlyMap<string, LoadedCapability>,
  byCapability: ReadonlyMap<string, readonly BindingDefinition[]>,
): void {
  for (const [id, { file, origin }] of capabilities) {
    if ((byCapability.get(id)?.length ?? 0) > 0) continue;
    context
      .reporterFor({ root: origin === 'local' ? 'runtime' : 'registry', file })
      .warning(['id'], 'unbound_capability', `no binding serves capability "${id}": steps that use it fail at run time`);
  }
}
