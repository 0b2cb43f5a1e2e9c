import { z } from 'zod';
import { AuditMode, ConformanceProfile } from './execution-options.js';

const Inputs = z.record(z.string(), z.unknown()).describe('Inputs of the skill or capability');
const TraceId = z.string().min(1).max(128).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');
const ConfirmedCapabilities = z
  .array(z.string().min(1))
  .max(100)
  .describe('Capabilities the caller confirms for this run (those marked requires_confirmation)');

/** POST /v1/skills/{id}/execute */
export const SkillExecuteRequest = z
  .object({
    inputs: Inputs,
    trace_id: TraceId.optional(),
    required_conformance_profile: ConformanceProfile.optional(),
    audit_mode: AuditMode.optional(),
    include_trace: z.boolean().optional(),
    confirmed_capabilities: ConfirmedCapabilities.optional(),
  })
  .meta({ id: 'SkillExecuteRequest' });
export type SkillExecuteRequest = z.infer<typeof SkillExecuteRequest>;

/** POST /v1/skills/{id}/execute/stream — as execute, without include_trace (the stream is the trace). */
export const SkillStreamRequest = SkillExecuteRequest.omit({ include_trace: true })
  .extend({
    on_disconnect: z
      .enum(['cancel', 'continue'])
      .optional()
      .describe(
        'What a dropped connection does to the run: `cancel` (default) stops it; `continue` lets it finish, its events followed at GET /v1/runs/{run_id}/events (the run id is the X-Run-Id header)',
      ),
  })
  .meta({ id: 'SkillStreamRequest' });
export type SkillStreamRequest = z.infer<typeof SkillStreamRequest>;

/** POST /v1/skills/{id}/execute/async */
export const SkillAsyncRequest = SkillExecuteRequest.omit({ include_trace: true }).meta({ id: 'SkillAsyncRequest' });
export type SkillAsyncRequest = z.infer<typeof SkillAsyncRequest>;

/** POST /v1/capabilities/{id}/execute */
export const CapabilityExecuteRequest = z
  .object({
    inputs: Inputs,
    trace_id: TraceId.optional(),
    required_conformance_profile: ConformanceProfile.optional(),
    confirmed_capabilities: ConfirmedCapabilities.optional(),
  })
  .meta({ id: 'CapabilityExecuteRequest' });
export type CapabilityExecuteRequest = z.infer<typeof CapabilityExecuteRequest>;

/** POST /v1/capabilities/{id}/explain */
export const CapabilityExplainRequest = z
  .object({ required_conformance_profile: ConformanceProfile.optional() })
  .meta({ id: 'CapabilityExplainRequest' });
export type CapabilityExplainRequest = z.infer<typeof CapabilityExplainRequest>;
