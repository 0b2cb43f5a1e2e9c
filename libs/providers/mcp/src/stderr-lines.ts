import type { Stream } from 'node:stream';

const MAX_LINE = 4096;

/**
 * Splits a child's stderr into lines for the log. Lines are bounded so a server writing megabytes
 * without a newline cannot grow memory; a trailing partial line is flushed when the stream ends.
 */
export function forwardStderrLines(stream: Stream, onLine: (line: string) => void): void {
  let pending = '';
  const emit = (line: string): void => {
    const trimmed = line.replace(/\r$/, '');
    if (trimmed !== '') onLine(trimmed.length > MAX_LINE ? `${trimmed.slice(0, MAX_LINE)}…` : trimmed);
  };
  stream.on('data', (chunk: Buffer | string) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    lines.forEach(emit);
    if (pending.length > MAX_LINE) {
      emit(pending);
      pending = '';
    }
  });
  stream.on('end', () => {
    emit(pending);
    pending = '';
  });
}
