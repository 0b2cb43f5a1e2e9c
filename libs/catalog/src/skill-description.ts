import type { FieldSpec, SkillDefinition, SkillDescription } from '@skill-service/contracts';

function describeFields(fields: Record<string, FieldSpec>): SkillDescription['inputs'] {
  return Object.fromEntries(
    Object.entries(fields).map(([name, spec]) => [
      name,
      { type: spec.type, required: spec.required, description: spec.description ?? null, default: spec.default ?? null },
    ]),
  );
}

/** A skill is deprecated by `metadata.status: deprecated` or by naming its successor in `deprecated_by`. */
export function isDeprecated(skill: SkillDefinition): boolean {
  return skill.metadata.status === 'deprecated' || skill.metadata.deprecated_by !== undefined;
}

export function describeSkill(skill: SkillDefinition): SkillDescription {
  const { metadata } = skill;
  return {
    id: skill.id,
    version: skill.version,
    name: skill.name,
    description: skill.description,
    inputs: describeFields(skill.inputs),
    outputs: describeFields(skill.outputs),
    steps: skill.steps.map((step) => ({ id: step.id, uses: step.uses, input: step.input, output: step.output })),
    deprecated: isDeprecated(skill),
    replacement: metadata.deprecated_by ?? null,
    classification: metadata.classification ?? null,
    tags: metadata.tags ?? [],
    status: metadata.status ?? 'unspecified',
    // Copyable requests: the inputs as an execute request's `inputs`, and what they give.
    examples: (metadata.examples ?? []).map((example) => ({
      description: example.description ?? null,
      inputs: example.input,
      outputs: example.output ?? null,
    })),
  };
}
