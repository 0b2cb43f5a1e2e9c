import { z } from 'zod';
import type { LoadedSkill } from '@skill-service/registry';
import { filterParameter, integerParameter } from './query-parameters.js';
import { SkillSummary, toSkillSummary } from './skill-summary.js';

/** GET /v1/skills/list query: exact-match filters and offset pagination. */
export const SkillListQuery = z.object({
  domain: filterParameter,
  role: filterParameter,
  status: filterParameter,
  invocation: filterParameter,
  offset: integerParameter(0, 1_000_000, 0),
  limit: integerParameter(1, 100, 20),
});
export type SkillListQuery = z.output<typeof SkillListQuery>;

export const Pagination = z
  .object({
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    has_more: z.boolean(),
    next_offset: z.number().int().optional().describe('Present only when has_more is true'),
  })
  .meta({ id: 'Pagination' });

export const SkillList = z.object({ skills: z.array(SkillSummary), pagination: Pagination }).meta({ id: 'SkillList' });
export type SkillList = z.infer<typeof SkillList>;

const FILTERS = ['domain', 'role', 'status', 'invocation'] as const;

/** The valid skills matching every given filter, sorted by id (code point order), one page of them. */
export function listSkills(skills: Iterable<LoadedSkill>, query: SkillListQuery): SkillList {
  const matching = [...skills]
    .map(toSkillSummary)
    .filter((summary) => FILTERS.every((filter) => query[filter] === undefined || summary[filter] === query[filter]))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { offset, limit } = query;
  const hasMore = offset + limit < matching.length;
  return {
    skills: matching.slice(offset, offset + limit),
    pagination: { offset, limit, total: matching.length, has_more: hasMore, ...(hasMore ? { next_offset: offset + limit } : {}) },
  };
}
