import { z } from 'zod';
import { filterParameter, integerParameter } from './query-parameters.js';
import { SkillSummary } from './skill-summary.js';

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
export type Pagination = z.infer<typeof Pagination>;

export const SkillList = z.object({ skills: z.array(SkillSummary), pagination: Pagination }).meta({ id: 'SkillList' });
export type SkillList = z.infer<typeof SkillList>;
