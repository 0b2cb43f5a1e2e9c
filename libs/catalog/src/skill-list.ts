import type { SkillList, SkillListQuery } from '@skill-service/contracts';
import type { CatalogSkill } from './catalog-source.js';
import { toSkillSummary } from './skill-summary.js';

const FILTERS = ['domain', 'role', 'status', 'invocation'] as const;

/** Code point order (upper case before lower case): the same order in every locale, so pages are stable. */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The valid skills matching every given filter, sorted by id (code point order), one page of them. */
export function listSkills(skills: Iterable<CatalogSkill>, query: SkillListQuery): SkillList {
  const matching = [...skills]
    .map(toSkillSummary)
    .filter((summary) => FILTERS.every((filter) => query[filter] === undefined || summary[filter] === query[filter]))
    .sort((a, b) => byCodePoint(a.id, b.id));
  const { offset, limit } = query;
  const hasMore = offset + limit < matching.length;
  return {
    skills: matching.slice(offset, offset + limit),
    pagination: { offset, limit, total: matching.length, has_more: hasMore, ...(hasMore ? { next_offset: offset + limit } : {}) },
  };
}
