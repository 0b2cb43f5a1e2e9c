import type { RunEvent } from '@skill-service/service';
import type { Response } from 'express';
import { SseWriter } from './sse-writer.js';

/** Sends a run's recorded events as SSE under their own ids, then ends the response (after `done`, or when they stop). */
export async function sendRunEvents(res: Response, events: AsyncIterable<RunEvent>, heartbeatMs: number): Promise<void> {
  const sse = new SseWriter(res, heartbeatMs);
  try {
    for await (const event of events) sse.eventWithId(event.type, event.data, event.id);
  } finally {
    sse.end();
  }
}
