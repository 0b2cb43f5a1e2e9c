import { InvalidConfigurationError, NotFoundError } from '@skill-service/contracts';
import type { DefinitionSource } from '../definition-source.js';
import { compileSkill } from '../plan/compile-skill.js';
import type { CompiledSkill } from '../plan/compiled-skill.js';

/**
 * The runnable plan of a skill, or why there is none: a skill the registry rejected is a 409
 * listing the registry's problems, an unknown one a 404, an invalid plan a 409 listing its problems.
 */
export function prepareSkill(definitions: DefinitionSource, skillId: string): CompiledSkill {
  const problems = definitions.getSkillProblems(skillId);
  if (problems !== undefined && problems.length > 0) {
    const summary = problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
    throw new InvalidConfigurationError(`Skill '${skillId}' is invalid: ${summary}`, { details: problems });
  }
  const definition = definitions.getSkill(skillId);
  if (definition === undefined) throw new NotFoundError(`Skill '${skillId}' not found`);
  return compileSkill(definition);
}
