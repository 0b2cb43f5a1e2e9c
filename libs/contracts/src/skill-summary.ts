import { z } from 'zod';

/** One item of the skill list (and the head of a discover candidate): what a client needs to pick a skill, no steps. */
export const SkillSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    version: z.string(),
    domain: z.string(),
    channel: z.string(),
    status: z.string().describe('`unspecified` when the skill declares none'),
    role: z.string().nullable(),
    invocation: z.string().nullable(),
    effect_mode: z.string().nullable(),
    tags: z.array(z.string()),
  })
  .meta({ id: 'SkillSummary' });
export type SkillSummary = z.infer<typeof SkillSummary>;
