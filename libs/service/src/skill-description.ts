import { z } from 'zod';
import { SkillClassification, type FieldSpec, type SkillDefinition } from '@skill-service/contracts';

const DescribedField = z.object({
  type: z.string(),
  required: z.boolean(),
  description: z.string().nullable(),
  default: z.unknown().describe('null when the field declares no default'),
});

/** GET /v1/skills/{id}/describe: the skill's interface, its steps and its lifecycle. */
export const SkillDescription = z
  .object({
    id: z.string(),
    version: z.string(),
    name: z.string(),
    description: z.string(),
    inputs: z.record(z.string(), DescribedField),
    outputs: z.record(z.string(), DescribedField),
    steps: z.array(
      z.object({
        id: z.string(),
        uses: z.string(),
        input: z.record(z.string(), z.unknown()),
        output: z.record(z.string(), z.string()),
      }),
    ),
    deprecated: z.boolean(),
    replacement: z.string().nullable().describe('The skill to use instead, when deprecated'),
    classification: SkillClassification.nullable(),
    tags: z.array(z.string()),
    status: z.string(),
  })
  .meta({ id: 'SkillDescription' });
export type SkillDescription = z.infer<typeof SkillDescription>;

function describeFields(fields: Record<string, FieldSpec>): SkillDescription['inputs'] {
  return Object.fromEntries(
    Object.entries(fields).map(([name, spec]) => [
      name,
      { type: spec.type, required: spec.required, description: spec.description ?? null, default: spec.default ?? null },
    ]),
  );
}

/** A skill is deprecated by `metadata.status: deprecated` or by naming its successor in `deprecated_by`. */
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
    deprecated: metadata.status === 'deprecated' || metadata.deprecated_by !== undefined,
    replacement: metadata.deprecated_by ?? null,
    classification: metadata.classification ?? null,
    tags: metadata.tags ?? [],
    status: metadata.status ?? 'unspecified',
  };
}
