import { errorAnswer, type SkillRunStream } from '@skill-service/service';
import type { Response } from 'express';
import { SseWriter } from './sse-writer.js';

/**
 * Sends a validated run as SSE: each engine event under its own type, then `done` carrying exactly
 * the synchronous answer (the result, or the error payload after the run's `step_failed`), then
 * ends the response, which is what lets SDK clients finish reading.
 */
export async function streamRun(res: Response, run: SkillRunStream, traceId: string, heartbeatMs: number): Promise<void> {
  const sse = new SseWriter(res, heartbeatMs);
  try {
    for await (const event of run) sse.event(event.type, event);
    try {
      sse.event('done', await run.result);
    } catch (error) {
      sse.event('done', errorAnswer(error, traceId).body);
    }
  } finally {
    sse.end();
  }
}
