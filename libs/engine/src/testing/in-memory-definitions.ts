import type { CapabilityDefinition, SkillDefinition } from '@skill-service/contracts';
import type { DefinitionProblem, DefinitionSource } from '../definition-source.js';

/** A DefinitionSource over plain maps: what the registry would hand the engine. */
export class InMemoryDefinitions implements DefinitionSource {
  private readonly skills = new Map<string, SkillDefinition>();
  private readonly capabilities = new Map<string, CapabilityDefinition>();
  private readonly problems = new Map<string, DefinitionProblem[]>();

  constructor(capabilities: readonly CapabilityDefinition[] = [], skills: readonly SkillDefinition[] = []) {
    for (const capability of capabilities) this.addCapability(capability);
    for (const skill of skills) this.addSkill(skill);
  }

  addSkill(skill: SkillDefinition): this {
    this.skills.set(skill.id, skill);
    return this;
  }

  addCapability(capability: CapabilityDefinition): this {
    this.capabilities.set(capability.id, capability);
    return this;
  }

  rejectSkill(id: string, problems: DefinitionProblem[]): this {
    this.problems.set(id, problems);
    return this;
  }

  getSkill(id: string): SkillDefinition | undefined {
    return this.skills.get(id);
  }

  getSkillProblems(id: string): readonly DefinitionProblem[] | undefined {
    return this.problems.get(id);
  }

  getCapability(id: string): CapabilityDefinition | undefined {
    return this.capabilities.get(id);
  }
}
