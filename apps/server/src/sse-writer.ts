import type { Response } from 'express';

/**
 * Server-Sent Events on one response, LF framing only (the TS SDK splits on exactly "\n\n"):
 * `event: <type>\ndata: <one-line JSON>\nid: <sequence>\n\n`, plus a `: ping` comment every
 * heartbeat so proxies and clients keep a quiet stream open during long steps.
 */
export class SseWriter {
  private sequence = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: Response,
    heartbeatMs: number,
  ) {
    // Exactly the contract's three headers (setHeader: Express's set() would append a charset);
    // no-cache replaces the no-store of the security headers.
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Connection', 'keep-alive');
    res.flushHeaders();
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), heartbeatMs);
  }

  /** JSON.stringify escapes every line break, so the data always fits on one `data:` line. */
  event(type: string, data: unknown): void {
    this.sequence += 1;
    this.write(`event: ${type}\ndata: ${JSON.stringify(data)}\nid: ${this.sequence}\n\n`);
  }

  /** An event under an id of its own (a run's recorded event id), so a client resumes from it. */
  eventWithId(type: string, data: unknown, id: number): void {
    this.write(`event: ${type}\ndata: ${JSON.stringify(data)}\nid: ${id}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (!this.res.destroyed && !this.res.writableEnded) this.res.end();
  }

  private write(chunk: string): void {
    // A disconnected client: the run is being cancelled, nothing more to deliver.
    if (!this.res.destroyed && !this.res.writableEnded) this.res.write(chunk);
  }
}
