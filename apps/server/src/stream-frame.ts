import { ENGINE_EVENT_TYPES, ErrorPayload, ExecutionResult, StepCompletedData, StepFailedData, StreamEvent } from '@skill-service/contracts';
import { z } from 'zod';

const id = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .describe('The `id:` line: the event sequence number from 1, in decimal (SSE fields are text)');
const OTHER_TYPES = ENGINE_EVENT_TYPES.filter((type) => type !== 'step_completed' && type !== 'step_failed');

export const StepCompletedEvent = StreamEvent.extend({ data: StepCompletedData }).meta({ id: 'StepCompletedEvent' });
export const StepFailedEvent = StreamEvent.extend({ data: StepFailedData }).meta({ id: 'StepFailedEvent' });

/** The `data:` line: JSON text, described by `contentSchema` (JSON Schema 2020-12) as SSE carries it. */
const jsonText = (contentSchema: Record<string, unknown>, description: string): z.ZodString =>
  z.string().meta({ contentMediaType: 'application/json', contentSchema, description });
const named = (name: string): Record<string, unknown> => ({ $ref: `#/$defs/${name}` });

/**
 * One SSE frame of the stream route as it is on the wire, for /openapi.json: the `event:`, `id:`
 * and `data:` fields are text, `data` being JSON whose schema is its `contentSchema`. The named
 * schemas those refer to are in `STREAM_FRAME_DATA`.
 */
export const StreamFrame = z
  .union([
    z.object({ event: z.literal('step_completed'), id, data: jsonText(named('StepCompletedEvent'), 'A StepCompletedEvent as JSON') }),
    z.object({ event: z.literal('step_failed'), id, data: jsonText(named('StepFailedEvent'), 'A StepFailedEvent as JSON') }),
    z.object({ event: z.enum(OTHER_TYPES), id, data: jsonText(named('StreamEvent'), 'A StreamEvent as JSON') }),
    z.object({
      event: z.literal('done'),
      id,
      data: jsonText({ anyOf: [named('ExecutionResult'), named('ErrorPayload')] }, 'The synchronous answer as JSON: the result, or the error payload'),
    }),
  ])
  .meta({
    id: 'StreamFrame',
    description:
      'One frame of POST /v1/skills/{skill_id}/execute/stream: the lines `event: <event>`, `data: <data>`, `id: <id>`, then a blank line (LF framing).',
  });

/** The schemas the frames' `data` refers to (registered beside the frame in the API description). */
export const STREAM_FRAME_DATA: readonly z.ZodType[] = [StepCompletedEvent, StepFailedEvent, StreamEvent, ExecutionResult, ErrorPayload];
