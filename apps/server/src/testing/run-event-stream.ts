// Shared by the run event specs: reading SSE answers over real sockets, to their end or only up
// to a point (then dropping the connection, as a client that goes away does).
import { framesOf, HEARTBEAT_FRAME } from './sse-frames.js';
import { parseBlock, type SseEvent } from './test-server.js';

export interface SseRead {
  readonly status: number;
  readonly headers: Headers;
  readonly events: SseEvent[];
  /** The body as received (a JSON error when status is not 200). */
  readonly text: string;
}

function eventsOf(text: string): SseEvent[] {
  return framesOf(text)
    .filter((frame) => frame !== HEARTBEAT_FRAME)
    .flatMap((frame) => parseBlock(frame.slice(0, -2)) ?? []);
}

/** GETs an SSE answer and reads it to its end (bounded: a stream that never ends fails the test). */
export async function readEvents(url: string, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<SseRead> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, events: response.status === 200 ? eventsOf(text) : [], text };
}

/**
 * Sends a request whose answer is SSE and reads events until `enough` says so, then drops the
 * connection; answers what was read (whole frames only) and the answer's headers.
 */
export async function readUntil(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> },
  enough: (events: SseEvent[]) => boolean,
  timeoutMs = 60_000,
): Promise<{ status: number; headers: Headers; events: SseEvent[] }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timed out reading the stream')), timeoutMs);
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: controller.signal,
    });
    const events: SseEvent[] = [];
    if (response.body === null) return { status: response.status, headers: response.headers, events };
    const decoder = new TextDecoder();
    let buffered = '';
    const reader = response.body.getReader();
    while (!enough(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = parseBlock(block);
        if (event !== undefined) events.push(event);
        end = buffered.indexOf('\n\n');
      }
    }
    controller.abort();
    return { status: response.status, headers: response.headers, events };
  } finally {
    clearTimeout(timer);
  }
}

/** The ids of events as numbers. */
export const idsOf = (events: readonly SseEvent[]): number[] => events.map((event) => Number(event.id));
