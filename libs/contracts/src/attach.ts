import { z } from 'zod';
import { SkillExecuteRequest } from './execute-request.js';
import { ExecutionResult } from './execution-result.js';
import { AttachTargetType } from './skill-definition.js';

/** POST /v1/skills/{id}/attach: an execute request plus the target the run is attached to. */
export const AttachRequest = SkillExecuteRequest.extend({
  target_type: AttachTargetType,
  target_ref: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(512)
    .describe('run: a run id or trace id; output, transcript, artifact: a trace id; task: `task:<id>` or a run id'),
  inputs: SkillExecuteRequest.shape.inputs.default({}),
}).meta({ id: 'AttachRequest' });
export type AttachRequest = z.infer<typeof AttachRequest>;

export const AttachContext = z
  .object({
    target_type: AttachTargetType,
    target_ref: z.string(),
    validation_source: z.enum(['run_store', 'execution_history', 'task_reference']),
    validation_result: z.enum(['run_match', 'trace_match', 'task_prefix_match']),
  })
  .meta({ id: 'AttachContext' });
export type AttachContext = z.infer<typeof AttachContext>;

export const AttachResult = z
  .object({
    skill_id: z.string(),
    target_type: AttachTargetType,
    target_ref: z.string(),
    execution: ExecutionResult,
    attached_at: z.string().describe('ISO 8601 UTC'),
    attach_context: AttachContext,
  })
  .meta({ id: 'AttachResult' });
export type AttachResult = z.infer<typeof AttachResult>;
