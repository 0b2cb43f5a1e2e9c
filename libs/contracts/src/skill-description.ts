import { z } from 'zod';
import { SkillClassification } from './skill-definition.js';

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
    examples: z
      .array(
        z.object({
          description: z.string().nullable(),
          inputs: z.record(z.string(), z.unknown()).describe('Send as the `inputs` of an execute request'),
          outputs: z.record(z.string(), z.unknown()).nullable().describe('The outputs those inputs give; null when the example states none'),
        }),
      )
      .describe("The skill's examples: requests to copy, and what they answer"),
  })
  .meta({ id: 'SkillDescription' });
export type SkillDescription = z.infer<typeof SkillDescription>;
