import type { CapabilityDefinition, SkillDefinition } from '@skill-service/contracts';

/** One reason a stored skill cannot run, as the registry reports it. */
export interface DefinitionProblem {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/**
 * The engine's read-only view of the registry (a port: the service wires the registry in, tests
 * pass an in-memory map). Lookups are synchronous because the registry is loaded up front.
 */
export interface DefinitionSource {
  getSkill(id: string): SkillDefinition | undefined;
  /** Problems of a skill that exists but is invalid (the registry's rejectedSkills); undefined when none. */
  getSkillProblems(id: string): readonly DefinitionProblem[] | undefined;
  getCapability(id: string): CapabilityDefinition | undefined;
}
