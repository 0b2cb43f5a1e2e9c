import type { BindingDefinition, SelectionPolicy, ServiceDescriptor } from '@skill-service/contracts';

/** What resolution reads: the registry's loaded bindings, services and selection policy. */
export interface BindingCatalog {
  readonly services: ReadonlyMap<string, ServiceDescriptor>;
  readonly bindings: ReadonlyMap<string, BindingDefinition>;
  /** In load order (sorted file paths), which decides "the first official binding". */
  readonly bindingsByCapability: ReadonlyMap<string, readonly BindingDefinition[]>;
  readonly policy: SelectionPolicy;
}
