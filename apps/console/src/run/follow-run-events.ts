import { ApiError } from '../api/api-error.js';
import type { HttpClient } from '../api/http-client.js';
import { applyEvent, cutRun, type RunState } from './run-state.js';

export interface FollowOptions {
  readonly signal: AbortSignal;
  /** Called with the state after every event. */
  readonly onState: (state: RunState) => void;
  /** Reconnections after a cut before giving up. */
  readonly maxReconnects?: number;
  readonly reconnectDelayMs?: number;
}

/** The events route answered as a route this server does not have (or the caller may not use). */
export class EventsUnavailable extends Error {
  constructor(readonly refusal: ApiError) {
    super(refusal.describe());
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Follows an async run through its resumable event stream (`GET /v1/runs/{id}/events`): replays
 * from the first event, then live until `done`; after a cut it reconnects with `Last-Event-ID`
 * so nothing is missed or repeated. Throws EventsUnavailable when the server has no such route.
 */
export async function followRunEvents(client: HttpClient, runId: string, start: RunState, options: FollowOptions): Promise<RunState> {
  let state = start;
  let reconnects = 0;
  const maxReconnects = options.maxReconnects ?? 10;
  while (!options.signal.aborted) {
    try {
      const headers: Record<string, string> = state.lastEventId === undefined ? {} : { 'last-event-id': state.lastEventId };
      const events = await client.stream('GET', `/v1/runs/${encodeURIComponent(runId)}/events`, { headers, signal: options.signal });
      for await (const message of events) {
        let payload: unknown;
        try {
          payload = JSON.parse(message.data);
        } catch {
          continue;
        }
        state = applyEvent(state, message.event, payload, message.id);
        options.onState(state);
        if (message.event === 'done') return state;
      }
    } catch (error) {
      if (options.signal.aborted) return state;
      if (error instanceof ApiError && [403, 404, 405].includes(error.status) && state.log.length === 0) throw new EventsUnavailable(error);
      if (error instanceof ApiError && error.status !== 0 && error.status !== 429 && error.status < 500) return cutRun(state, `The run's event stream was refused: ${error.describe()}`);
    }
    reconnects += 1;
    if (reconnects > maxReconnects) return cutRun(state, `The run's event stream kept breaking (${maxReconnects} reconnections); its record below is polled instead.`);
    options.onState(state);
    await sleep((options.reconnectDelayMs ?? 1000) * Math.min(reconnects, 5), options.signal);
  }
  return state;
}
