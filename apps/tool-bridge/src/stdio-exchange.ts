import type { Readable } from 'node:stream';
import type { LineHandler } from './line-handler.js';
import { LineSplitter, type SplitLine } from '@skill-service/util';

export interface ExchangeOptions {
  /** Longest request line read (bytes); longer ones are skipped and answered with an error. */
  readonly maxLineBytes: number;
  /** Calls answered at once; past it, reading pauses until one finishes (bounded memory under a flood). */
  readonly maxInflight: number;
}

/**
 * Reads request lines from `input` and writes one answer line per request with `write`, answering
 * calls concurrently (answers carry their ids). Resolves at end of input once every call in flight
 * has been answered. Never rejects: a broken input counts as its end.
 */
export function serveLines(input: Readable, write: (line: string) => void, handler: LineHandler, options: ExchangeOptions): Promise<void> {
  const splitter = new LineSplitter(options.maxLineBytes);
  const inflight = new Set<Promise<void>>();
  let ended = false;

  return new Promise((resolve) => {
    const finishIfDone = (): void => {
      if (ended && inflight.size === 0) resolve();
    };
    const send = (answer: unknown): void => {
      if (answer !== undefined) write(JSON.stringify(answer));
    };
    const start = (answer: Promise<unknown>): void => {
      const task = answer.then(send, () => undefined).finally(() => {
        inflight.delete(task);
        if (input.isPaused() && !ended && inflight.size < options.maxInflight) input.resume();
        finishIfDone();
      });
      inflight.add(task);
      if (inflight.size >= options.maxInflight) input.pause();
    };
    const take = (lines: readonly SplitLine[]): void => {
      for (const line of lines) {
        if (line.kind === 'oversize') send(handler.oversize(line.head, options.maxLineBytes));
        else start(handler.answer(line.text));
      }
    };
    const end = (): void => {
      if (ended) return;
      take(splitter.end());
      ended = true;
      finishIfDone();
    };
    input.on('data', (chunk: Buffer | string) => take(splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
    input.once('end', end);
    input.once('close', end);
    input.once('error', end);
  });
}
