import type { BindingDefinition, ServiceDescriptor } from '@skill-service/contracts';
import { normalizeBinding } from '../normalize/normalize-binding.js';
import type { SourcePaths } from '../normalize/source-paths.js';
import type { LoadedCapability } from '../registry.js';
import type { Reporter } from '../reporter.js';
import type { LoadContext } from './load-context.js';
import type { BindingFile } from './registry-layout.js';

/** A Python module path such as `official_services.text_baseline` (at least one dot). */
const MODULE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/;

export interface LoadedBindings {
  readonly bindings: Map<string, BindingDefinition>;
  readonly byCapability: Map<string, BindingDefinition[]>;
}

/** Why a binding cannot be used with the services and capabilities loaded, if it cannot. */
function checkTargets(
  binding: BindingDefinition,
  paths: SourcePaths,
  reporter: Reporter,
  services: ReadonlyMap<string, ServiceDescriptor>,
  capabilities: ReadonlyMap<string, LoadedCapability>,
): void {
  if (!capabilities.has(binding.capability)) {
    reporter.error(paths.resolve(['capability']), 'unknown_capability', `capability "${binding.capability}" is not defined`);
  }
  const service = services.get(binding.service);
  if (service !== undefined) {
    if (service.protocol !== binding.protocol) {
      reporter.warning(
        paths.resolve(['protocol']),
        'protocol_mismatch',
        `protocol "${binding.protocol}" differs from the "${service.protocol}" of service "${service.id}"`,
      );
    }
  } else if (!(binding.protocol === 'pythoncall' && MODULE_PATH.test(binding.service))) {
    // A pythoncall binding may name its module directly; anything else must be a known service.
    reporter.error(paths.resolve(['service']), 'unknown_service', `service "${binding.service}" is not defined`);
  }
}

/**
 * Bindings from `bindings/official/<capability>/`, then the host's `local` and `candidate` folders.
 * A binding with any error (bad field, unknown service or capability, duplicate id) is dropped whole.
 */
export async function loadBindings(
  context: LoadContext,
  files: readonly BindingFile[],
  services: ReadonlyMap<string, ServiceDescriptor>,
  capabilities: ReadonlyMap<string, LoadedCapability>,
): Promise<LoadedBindings> {
  const bindings = new Map<string, BindingDefinition>();
  const byCapability = new Map<string, BindingDefinition[]>();
  const fallbacks: { binding: BindingDefinition; paths: SourcePaths; reporter: Reporter }[] = [];
  for (const { file, reporter, value } of await context.readAll(files)) {
    if (value === undefined) continue;
    const normalized = normalizeBinding(value, reporter, file.origin, file.folder);
    if (normalized === undefined) continue;
    const { binding, paths } = normalized;
    checkTargets(binding, paths, reporter, services, capabilities);
    if (bindings.has(binding.id)) reporter.error(paths.resolve(['id']), 'duplicate_id', `binding "${binding.id}" is already defined`);
    if (reporter.hasErrors) continue;
    bindings.set(binding.id, binding);
    const list = byCapability.get(binding.capability);
    if (list === undefined) byCapability.set(binding.capability, [binding]);
    else list.push(binding);
    if (binding.fallback_binding_id !== undefined) fallbacks.push({ binding, paths, reporter });
  }
  // A broken fallback link only shortens the chain at run time: a warning.
  for (const { binding, paths, reporter } of fallbacks) {
    const fallback = binding.fallback_binding_id ?? '';
    const target = bindings.get(fallback);
    if (target === undefined) {
      reporter.warning(paths.resolve(['fallback_binding_id']), 'unknown_binding', `fallback binding "${fallback}" is not defined`);
    } else if (target.capability !== binding.capability) {
      reporter.warning(
        paths.resolve(['fallback_binding_id']),
        'binding_capability_mismatch',
        `fallback binding "${fallback}" is for "${target.capability}", not "${binding.capability}"`,
      );
    }
  }
  return { bindings, byCapability };
}
