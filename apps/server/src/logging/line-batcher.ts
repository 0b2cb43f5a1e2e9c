import { write, writeSync } from 'node:fs';

/** Where batches of lines go: a stream (tests, the bench) or a file descriptor (stderr). */
export type LineSink = { readonly stream: NodeJS.WritableStream } | { readonly fd: number };

/**
 * Collects log lines and writes them in batches: one write per turn of the event loop at most,
 * never one per line, and never blocking the request that logged. stderr on a pipe is written
 * synchronously by Node, so a write per request line would stall the hot path; here a file
 * descriptor is written with the asynchronous `fs.write` (one write in flight at a time) and a
 * stream with `write`. What is still queued when the process exits is written synchronously then.
 * Bounded: past `maxBufferedBytes` (a stalled reader) new lines are dropped and counted, so a
 * blocked stderr costs lines, never unbounded memory.
 */
export class LineBatcher {
  private queued: string[] = [];
  private queuedBytes = 0;
  private scheduled = false;
  private writing = false;
  private droppedLines = 0;
  private readonly onExit = (): void => this.flushSync();

  constructor(
    private readonly sink: LineSink,
    private readonly maxBufferedBytes: number,
  ) {
    if ('fd' in sink) process.once('exit', this.onExit);
  }

  /** Lines dropped because the reader fell behind by more than the bound. */
  get dropped(): number {
    return this.droppedLines;
  }

  add(line: string): void {
    if (this.queuedBytes + line.length > this.maxBufferedBytes) {
      this.droppedLines += 1;
      return;
    }
    this.queued.push(line);
    this.queuedBytes += line.length;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush()).unref();
    }
  }

  /** Writes everything queued now, synchronously where the sink is a descriptor (process exit). */
  flushSync(): void {
    this.scheduled = false;
    const text = this.take();
    if (text === '') return;
    if ('fd' in this.sink) {
      try {
        writeSync(this.sink.fd, text);
      } catch {
        // The reader is gone; nothing is left to tell.
      }
    } else this.sink.stream.write(text);
  }

  /** Stops flushing at exit (a logger of a test that ends before the process). */
  close(): void {
    this.flushSync();
    process.removeListener('exit', this.onExit);
  }

  private take(): string {
    const text = this.queued.join('');
    this.queued = [];
    this.queuedBytes = 0;
    return text;
  }

  private flush(): void {
    this.scheduled = false;
    if (!('fd' in this.sink)) {
      const text = this.take();
      if (text !== '') this.sink.stream.write(text);
      return;
    }
    if (this.writing) return; // the write in flight schedules the next batch when it ends
    const text = this.take();
    if (text === '') return;
    this.writing = true;
    const { fd } = this.sink;
    write(fd, text, null, 'utf8', () => {
      this.writing = false;
      if (this.queued.length > 0) this.flush();
    });
  }
}
