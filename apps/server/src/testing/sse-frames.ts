// Shared by the specs: the SSE wire format of the stream route, checked byte for byte.
import { parseBlock, type SseEvent } from './test-server.js';

/** One event frame or one heartbeat: LF only, one space after each colon, single-line data. */
const FRAME = /event: [a-z_]+\ndata: [^\r\n]+\nid: [1-9]\d*\n\n|: ping\n\n/y;
export const HEARTBEAT_FRAME = ': ping\n\n';

/** Splits a stream's body into its frames; throws at the first byte that is not part of a well-formed frame. */
export function framesOf(text: string): string[] {
  const frames: string[] = [];
  FRAME.lastIndex = 0;
  while (FRAME.lastIndex < text.length) {
    const at = FRAME.lastIndex;
    const match = FRAME.exec(text);
    if (match === null) throw new Error(`malformed SSE at byte ${at}: ${JSON.stringify(text.slice(at, at + 80))}`);
    frames.push(match[0]);
  }
  return frames;
}

export interface ExactStream {
  /** The event frames as sent (heartbeats left out). */
  readonly frames: string[];
  /** The same frames rebuilt from their parsed events: `event: <type>\ndata: <JSON>\nid: <1, 2, 3…>\n\n`. */
  readonly rebuilt: string[];
  readonly events: SseEvent[];
  readonly heartbeats: number;
}

/**
 * Parses a stream's body; `frames` equals `rebuilt` exactly when every event was sent in the
 * canonical form with ids counting from 1 (JSON.stringify of parsed JSON gives back the sent line).
 */
export function exactStream(text: string): ExactStream {
  const all = framesOf(text);
  const frames = all.filter((frame) => frame !== HEARTBEAT_FRAME);
  const events = frames.flatMap((frame) => parseBlock(frame.slice(0, -2)) ?? []);
  const rebuilt = events.map((event, index) => `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\nid: ${index + 1}\n\n`);
  return { frames, rebuilt, events, heartbeats: all.length - frames.length };
}
