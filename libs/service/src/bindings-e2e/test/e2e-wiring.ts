// Test support for src/bindings-e2e (not exported from the library): the registry → bindings →
// engine wiring of service-runtime.ts, with the providers, preference and breaker a test chooses.
import { BindingExecutor, CircuitBreaker, type BindingCatalog, type ProtocolProvider } from '@skill-service/bindings';
import type { BindingDefinition } from '@skill-service/contracts';
import { SkillEngine, type DefinitionSource } from '@skill-service/engine';
import type { Registry } from '@skill-service/registry';

/**
 * The engine's view of a loaded registry. The service has the same adapter
 * (src/registry-definitions.ts) but does not export it from its entry point.
 */
export function registryDefinitions(registry: Registry): DefinitionSource {
  return {
    getSkill: (id) => registry.skills.get(id)?.definition,
    getSkillProblems: (id) => registry.rejectedSkills.get(id),
    getCapability: (id) => registry.capabilities.get(id)?.definition,
  };
}

/**
 * The same catalog with every `fallback_binding_id` link removed: the same capabilities, bindings
 * and services, but each chain stops at its primary (and the official default, when that differs).
 */
export function withoutFallbacks(catalog: BindingCatalog): BindingCatalog {
  const strip = (binding: BindingDefinition): BindingDefinition => {
    const copy = { ...binding };
    delete copy.fallback_binding_id;
    return copy;
  };
  const bindings = new Map([...catalog.bindings].map(([id, binding]) => [id, strip(binding)]));
  const bindingsByCapability = new Map(
    [...catalog.bindingsByCapability].map(([capability, list]) => [capability, list.map((binding) => bindings.get(binding.id) ?? strip(binding))]),
  );
  return { services: catalog.services, bindings, bindingsByCapability, policy: catalog.policy };
}

export interface WiringOptions {
  readonly registry: Registry;
  /** Default: the registry itself. */
  readonly catalog?: BindingCatalog;
  readonly providers: readonly ProtocolProvider[];
  /** Default: the bindings library's DEFAULT_PREFERENCE. */
  readonly preference?: readonly string[];
  /** Share one breaker between wirings to watch one service's circuit from several engines. */
  readonly breaker?: CircuitBreaker;
  readonly defaultStepTimeoutSeconds?: number;
}

export interface Wiring {
  readonly bindings: BindingExecutor;
  readonly engine: SkillEngine;
}

/** providers → BindingExecutor → SkillEngine, as createServiceRuntime does. */
export function wireEngine(options: WiringOptions): Wiring {
  const bindings = new BindingExecutor({
    catalog: options.catalog ?? options.registry,
    providers: options.providers,
    ...(options.preference === undefined ? {} : { preference: options.preference }),
    ...(options.breaker === undefined ? {} : { breaker: options.breaker }),
  });
  const engine = new SkillEngine({
    definitions: registryDefinitions(options.registry),
    invoker: bindings,
    defaultAuditMode: 'off',
    defaultStepTimeoutSeconds: options.defaultStepTimeoutSeconds ?? 20,
  });
  return { bindings, engine };
}

/** A clock the test moves by hand (for the breaker's open period). */
export class ManualClock {
  private current = 1_000_000;

  readonly now = (): number => this.current;

  advance(ms: number): void {
    this.current += ms;
  }
}
