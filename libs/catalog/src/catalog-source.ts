import type { CapabilityDefinition, ConformanceProfile, SkillDefinition } from '@skill-service/contracts';

/** A loaded skill as the catalog needs it: its definition and where it was found. */
export interface CatalogSkill {
  readonly definition: SkillDefinition;
  /** `skills/<channel>/<domain>/<slug>/skill.yaml` */
  readonly channel: string;
  readonly domain: string;
}

/**
 * What the catalog reads from the rest of the service (the port libs/service implements over the
 * loaded registry and the binding executor). The registry is fixed for the catalog's lifetime.
 */
export interface CatalogSource {
  /** Only fully valid skills, by id. */
  readonly skills: ReadonlyMap<string, CatalogSkill>;
  readonly capabilities: ReadonlyMap<string, { readonly definition: CapabilityDefinition }>;
  /** Whether the capability's resolution plan at this profile has an eligible binding (explain). */
  hasEligibleBinding(capability: CapabilityDefinition, profile: ConformanceProfile): boolean;
}
