import { checkNestedSkills, type IndexedSkill } from '../checks/check-nested-skills.js';
import { checkSkillSteps } from '../checks/check-skill-steps.js';
import { normalizeSkill } from '../normalize/normalize-skill.js';
import type { RegistryDiagnostic } from '../registry-diagnostic.js';
import type { LoadedCapability, LoadedSkill } from '../registry.js';
import type { LoadContext } from './load-context.js';
import type { SkillFile } from './registry-layout.js';

export interface LoadedSkills {
  readonly skills: Map<string, LoadedSkill>;
  readonly rejectedSkills: Map<string, RegistryDiagnostic[]>;
}

/**
 * Skills in load order (local overlay first, then sorted registry paths): the first file to name
 * an id owns it, a later one is a `duplicate_id` error (a silent last-wins would hide which file serves).
 * A skill with any error is rejected whole, with all its diagnostics; a file without a usable id
 * cannot be indexed and appears in the diagnostics only.
 */
export async function loadSkills(
  context: LoadContext,
  files: readonly SkillFile[],
  capabilities: ReadonlyMap<string, LoadedCapability>,
): Promise<LoadedSkills> {
  const indexed = new Map<string, IndexedSkill & { readonly file: SkillFile }>();
  for (const { file, reporter, value } of await context.readAll(files)) {
    if (value === undefined) continue;
    const skill = normalizeSkill(value, reporter);
    if (skill.id === undefined) continue;
    const owner = indexed.get(skill.id);
    if (owner !== undefined) {
      // A local skill replacing a registry one is the overlay working as designed, not a duplicate.
      const shadowed = owner.file.root === 'runtime' && file.root === 'registry';
      if (!shadowed) {
        reporter.error(skill.paths.resolve(['id']), 'duplicate_id', `skill "${skill.id}" is already defined by ${owner.file.root}:${owner.file.file}`);
      }
      continue;
    }
    indexed.set(skill.id, { skill, reporter, nested: [], file });
  }

  const ids = new Set(indexed.keys());
  const checked = new Map<string, IndexedSkill & { readonly file: SkillFile }>();
  for (const [id, entry] of indexed) {
    checked.set(id, { ...entry, nested: checkSkillSteps(entry.skill, entry.reporter, capabilities, ids) });
  }
  checkNestedSkills(checked);

  const skills = new Map<string, LoadedSkill>();
  const rejectedSkills = new Map<string, RegistryDiagnostic[]>();
  for (const [id, { skill, reporter, file }] of checked) {
    if (reporter.hasErrors || skill.definition === undefined) {
      rejectedSkills.set(id, [...reporter.diagnostics]);
    } else {
      skills.set(id, { definition: skill.definition, channel: file.channel, domain: file.domain, slug: file.slug, file: file.file });
    }
  }
  return { skills, rejectedSkills };
}
