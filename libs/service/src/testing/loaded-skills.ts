// Shared by the specs (nothing in the library imports it): registry entries built in memory.
import { SkillDefinition } from '@skill-service/contracts';
import type { LoadedSkill } from '@skill-service/registry';

export function loadedSkill(id: string, where: { channel?: string; domain?: string }, metadata: Record<string, unknown> = {}): LoadedSkill {
  const channel = where.channel ?? 'official';
  const domain = where.domain ?? 'text';
  return {
    definition: SkillDefinition.parse({
      id,
      version: '1.0.0',
      name: `Skill ${id}`,
      description: `Does ${id}.`,
      inputs: { text: { type: 'string', required: true } },
      outputs: { text: { type: 'string' } },
      steps: [{ id: 'only', uses: 'text.upper', input: { text: 'inputs.text' }, output: { text: 'outputs.text' } }],
      metadata,
    }),
    channel,
    domain,
    slug: id,
    file: `skills/${channel}/${domain}/${id}/skill.yaml`,
  };
}
