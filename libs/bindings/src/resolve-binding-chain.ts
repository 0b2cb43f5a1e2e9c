import { InvalidConfigurationError, type BindingDefinition, type ResolutionPlan } from '@skill-service/contracts';
import type { BindingCatalog } from './binding-catalog.js';

export type SelectionSource = ResolutionPlan['selection_source'];

export interface BindingChain {
  readonly selectionSource: SelectionSource;
  /** The primary binding first, then its fallbacks, then the official default. */
  readonly bindings: readonly BindingDefinition[];
}

/** Default preference: the built-in baselines, then local Python providers, before remote ones. */
export const DEFAULT_PREFERENCE: readonly string[] = ['builtin', 'pythoncall'];

function matchesPreference(binding: BindingDefinition, entry: string): boolean {
  return binding.protocol === entry || binding.service === entry;
}

function selectPrimary(
  catalog: BindingCatalog,
  capabilityId: string,
  preference: readonly string[],
): { source: SelectionSource; binding: BindingDefinition } | undefined {
  const active = catalog.policy.active[capabilityId];
  if (active !== undefined) {
    const binding = catalog.bindings.get(active);
    if (binding?.capability === capabilityId) return { source: 'local_selection', binding };
  }
  const official = (catalog.bindingsByCapability.get(capabilityId) ?? []).filter((b) => b.origin === 'official');
  for (const entry of preference) {
    const binding = official.find((candidate) => matchesPreference(candidate, entry));
    if (binding !== undefined) return { source: 'preference_policy', binding };
  }
  const defaultId = catalog.policy.defaults[capabilityId];
  const byDefault = defaultId === undefined ? undefined : catalog.bindings.get(defaultId);
  if (byDefault?.capability === capabilityId) return { source: 'official_default', binding: byDefault };
  const first = official[0];
  return first === undefined ? undefined : { source: 'first_official', binding: first };
}

/**
 * Resolves a capability to its chain of bindings: active override → preference policy (ordered
 * protocols or service ids) → official default → first official binding; then the primary's
 * `fallback_binding_id` links (stopping at a cycle or another capability's binding), then the
 * official default if it is not in the chain yet.
 */
export function resolveBindingChain(
  catalog: BindingCatalog,
  capabilityId: string,
  preference: readonly string[] = DEFAULT_PREFERENCE,
): BindingChain {
  const primary = selectPrimary(catalog, capabilityId, preference);
  if (primary === undefined) {
    throw new InvalidConfigurationError(`No binding is configured for capability '${capabilityId}'.`);
  }
  const chain: BindingDefinition[] = [primary.binding];
  const seen = new Set([primary.binding.id]);
  let next = primary.binding.fallback_binding_id;
  while (next !== undefined && !seen.has(next)) {
    const fallback = catalog.bindings.get(next);
    if (fallback?.capability !== capabilityId) break;
    chain.push(fallback);
    seen.add(fallback.id);
    next = fallback.fallback_binding_id;
  }
  const defaultId = catalog.policy.defaults[capabilityId];
  const byDefault = defaultId === undefined ? undefined : catalog.bindings.get(defaultId);
  if (byDefault?.capability === capabilityId && !seen.has(byDefault.id)) chain.push(byDefault);
  return { selectionSource: primary.source, bindings: chain };
}
