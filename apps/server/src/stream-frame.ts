import { ENGINE_EVENT_TYPES, ErrorPayload, ExecutionResult, StepCompletedData, StepFailedData, StreamEvent } from '@skill-service/contracts';
import { z } from 'zod';

const id = z.number().int().min(1).describe('The `id:` line: the event sequence number, from 1');
const OTHER_TYPES = ENGINE_EVENT_TYPES.filter((type) => type !== 'step_completed' && type !== 'step_failed');

/** One SSE frame of the stream route, for /openapi.json (the wire form is `event:`/`data:`/`id:` lines). */
export const StreamFrame = z
  .union([
    z.object({ event: z.literal('step_completed'), data: StreamEvent.extend({ data: StepCompletedData }), id }),
    z.object({ event: z.literal('step_failed'), data: StreamEvent.extend({ data: StepFailedData }), id }),
    z.object({ event: z.enum(OTHER_TYPES), data: StreamEvent, id }),
    z.object({
      event: z.literal('done'),
      data: z.union([ExecutionResult, ErrorPayload]).describe('The synchronous answer: the result, or the error payload'),
      id,
    }),
  ])
  .meta({ id: 'StreamFrame', description: 'An event of POST /v1/skills/{skill_id}/execute/stream' });
