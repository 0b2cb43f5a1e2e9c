import { InvalidRequestError, type FieldProblem, type SkillDefinition } from '@skill-service/contracts';
import { describeValueType, isPlainObject, matchesFieldType } from './field-type.js';

/**
 * Checks a run's inputs against the skill's declared `inputs` and applies `default`s, before
 * anything runs. An optional input given as null counts as absent. Every bad field is
 * listed in one 400, so a caller fixes them all at once. Returns a fresh object.
 */
export function validateSkillInputs(skill: SkillDefinition, inputs: unknown): Record<string, unknown> {
  if (!isPlainObject(inputs)) {
    throw new InvalidRequestError(`Inputs of skill '${skill.id}' must be an object`, {
      details: [{ path: 'inputs', message: `must be an object, got ${describeValueType(inputs)}` }],
    });
  }
  const problems: FieldProblem[] = [];
  const result: Record<string, unknown> = {};
  for (const name of Object.keys(inputs)) {
    if (!Object.hasOwn(skill.inputs, name)) problems.push({ path: `inputs.${name}`, message: 'is not a declared input' });
  }
  for (const [name, spec] of Object.entries(skill.inputs)) {
    const value = Object.hasOwn(inputs, name) ? inputs[name] : undefined;
    if (value === undefined || value === null) {
      if (spec.required) problems.push({ path: `inputs.${name}`, message: 'is required' });
      // Copied so a step that mutates its input cannot change the definition's default.
      else if (spec.default !== undefined) result[name] = structuredClone(spec.default);
      continue;
    }
    if (!matchesFieldType(value, spec.type)) {
      problems.push({ path: `inputs.${name}`, message: `must be ${spec.type}, got ${describeValueType(value)}` });
      continue;
    }
    result[name] = value;
  }
  if (problems.length > 0) {
    const summary = problems.map((problem) => `${problem.path} ${problem.message}`).join('; ');
    throw new InvalidRequestError(`Invalid inputs for skill '${skill.id}': ${summary}`, { details: problems });
  }
  return result;
}
