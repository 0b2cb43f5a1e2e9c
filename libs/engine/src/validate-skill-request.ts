import type { DefinitionSource } from './definition-source.js';
import { prepareSkill } from './execution/prepare-skill.js';
import type { RunSkillOptions } from './run-options.js';
import { validateRunOptions } from './validate-run-options.js';
import { validateSkillInputs } from './validation/validate-skill-inputs.js';

/**
 * Every check `runSkill` makes before a run starts, without starting it: options (400), the skill
 * exists (404) and is runnable (409), its inputs (400, every bad field listed). Transports that
 * answer before the run ends (an async launch's 202, an SSE stream's 200) call it first, so a bad
 * request still gets a real error status instead of a failed run.
 */
export function validateSkillRequest(
  definitions: DefinitionSource,
  skillId: string,
  inputs: unknown,
  options: RunSkillOptions = {},
): void {
  validateRunOptions(options);
  validateSkillInputs(prepareSkill(definitions, skillId).definition, inputs);
}
