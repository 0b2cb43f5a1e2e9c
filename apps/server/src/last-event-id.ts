import { InvalidRequestError } from '@skill-service/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { RouteHeader } from './route-definition.js';

const DIGITS = /^(0|[1-9][0-9]{0,15})$/;

/** The `Last-Event-ID` request header as /openapi.json describes it. */
export const LAST_EVENT_ID_HEADER: RouteHeader = {
  description:
    'The id of the last event received (SSE reconnection): the stream resumes right after it. Wins over `last_event_id`. ' +
    'Not a number: 400; beyond the last event of a finished run: 400; beyond the last event so far of a running run: the stream waits for the events after it.',
  schema: { type: 'string', pattern: DIGITS.source },
};

/** GET /v1/runs/{run_id}/events: where to resume (for clients that cannot set the header). */
export const RunEventsQuery = z.object({
  last_event_id: z.string().regex(DIGITS).optional().describe('The id of the last event received; the `Last-Event-ID` header wins over it'),
});

/**
 * The id to resume after: the `Last-Event-ID` header (what an EventSource sends when it
 * reconnects, so it wins over the URL it first opened), else `?last_event_id=`, else 0 (from the
 * first event). Anything but a decimal integer is a 400.
 */
export function lastEventIdOf(req: Request): number {
  const header = req.get('last-event-id');
  const query = req.query['last_event_id'];
  const [text, where] = header !== undefined ? [header, 'Last-Event-ID'] : [query, 'last_event_id'];
  if (text === undefined) return 0;
  if (typeof text !== 'string' || !DIGITS.test(text.trim())) {
    throw new InvalidRequestError(`${where} must be a non-negative integer (the id of an event of this run)`, {
      details: [{ path: 'last_event_id', message: 'must be a non-negative integer' }],
    });
  }
  return Number(text.trim());
}
