import type { Stream } from 'node:stream';
import { LineSplitter, type SplitLine } from '@skill-service/util';

const MAX_LINE_BYTES = 4096;

/**
 * Splits a child's stderr into lines for the log. Lines are bounded so a server writing megabytes
 * without a newline cannot grow memory (a longer one is logged as its head and `…`); a trailing
 * partial line is flushed when the stream ends.
 */
export function forwardStderrLines(stream: Stream, onLine: (line: string) => void): void {
  const splitter = new LineSplitter(MAX_LINE_BYTES, { headBytes: MAX_LINE_BYTES });
  const emit = (line: SplitLine): void => onLine(line.kind === 'line' ? line.text : `${line.head}…`);
  stream.on('data', (chunk: Buffer | string) => splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk).forEach(emit));
  stream.on('end', () => splitter.end().forEach(emit));
}
