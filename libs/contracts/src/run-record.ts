import { z } from 'zod';
import { ExecutionResult } from './execution-result.js';

export const RunStatus = z.enum(['running', 'completed', 'failed']).meta({ id: 'RunStatus' });
export type RunStatus = z.infer<typeof RunStatus>;

/** 202 answer of POST /v1/skills/{id}/execute/async. */
const RunId = z.string().meta({ format: 'uuid' });

export const RunLaunch = z
  .object({
    run_id: RunId,
    skill_id: z.string(),
    status: z.literal('running'),
    trace_id: z.string().nullable(),
  })
  .meta({ id: 'RunLaunch' });
export type RunLaunch = z.infer<typeof RunLaunch>;

/** GET /v1/runs/{id} and the items of GET /v1/runs. */
export const RunRecord = z
  .object({
    run_id: RunId,
    skill_id: z.string(),
    status: RunStatus,
    trace_id: z.string().nullable(),
    created_at: z.string().meta({ format: 'date-time' }).describe('ISO 8601 UTC'),
    finished_at: z.string().meta({ format: 'date-time' }).nullable(),
    result: ExecutionResult.nullable(),
    error: z.string().nullable().describe('Set when failed: a message naming the failed step'),
  })
  .meta({ id: 'RunRecord' });
export type RunRecord = z.infer<typeof RunRecord>;

export const RunList = z.object({ runs: z.array(RunRecord) }).meta({ id: 'RunList' });
export type RunList = z.infer<typeof RunList>;
