import { z } from 'zod';
import type { LoadedSkill } from '@skill-service/registry';

/** One item of the skill list: what a client needs to pick a skill, no steps. */
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

export function toSkillSummary(skill: LoadedSkill): SkillSummary {
  const { definition } = skill;
  const { metadata } = definition;
  return {
    id: definition.id,
    name: definition.name,
    description: definition.description,
    version: definition.version,
    domain: skill.domain,
    channel: skill.channel,
    status: metadata.status ?? 'unspecified',
    role: metadata.classification?.role ?? null,
    invocation: metadata.classification?.invocation ?? null,
    effect_mode: metadata.classification?.effect_mode ?? null,
    tags: metadata.tags ?? [],
  };
}
