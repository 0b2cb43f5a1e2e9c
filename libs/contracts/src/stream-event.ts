import { z } from 'zod';

export const ENGINE_EVENT_TYPES = [
  'skill_start',
  'step_start',
  'step_completed',
  'step_skipped',
  'step_degraded',
  'safety_gate_warning',
  'step_failed',
  'skill_completed',
] as const;

export const EngineEventType = z.enum(ENGINE_EVENT_TYPES).meta({ id: 'EngineEventType' });
export type EngineEventType = z.infer<typeof EngineEventType>;

/** One engine event, as streamed over SSE and returned by `include_trace`. */
export const StreamEvent = z
  .object({
    type: EngineEventType,
    message: z.string(),
    timestamp: z.string().meta({ format: 'date-time' }).describe('RFC 3339 UTC, ending in Z'),
    step_id: z.string().nullable(),
    trace_id: z.string(),
    data: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'StreamEvent' });
export type StreamEvent = z.infer<typeof StreamEvent>;

export const StepCompletedData = z
  .looseObject({ produced_output: z.record(z.string(), z.unknown()) })
  .meta({ id: 'StepCompletedData' });
export const StepFailedData = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'StepFailedData' });
