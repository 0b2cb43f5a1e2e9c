// A real HTTP webhook receiver on 127.0.0.1 for the webhook specs: records every delivery (raw
// body and headers) and lets the test decide each answer (hold it, fail it, reset the socket).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** `Date.now()` when the request body was fully read. */
  readonly at: number;
}

export type ReceiverAnswer = (received: ReceivedDelivery, response: ServerResponse, request: IncomingMessage) => void;

export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  /** `Date.now()` of each response finished, in order. */
  readonly answeredAt: number[] = [];
  answer: ReceiverAnswer = (_received, response) => response.writeHead(200).end('ok');
  private readonly timers = new Set<NodeJS.Timeout>();
  private server?: Server;

  /** Listens on `port` (default: an ephemeral one); answers the delivery URL (path `/hook`). */
  async start(port = 0): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(received);
        res.on('finish', () => this.answeredAt.push(Date.now()));
        this.answer(received, res, req);
      });
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }

  /** Runs `action` after `ms` unless the receiver is closed first. */
  later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, ms);
    this.timers.add(timer);
  }

  close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    return new Promise((resolve) => {
      const server = this.server;
      if (server === undefined) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }
}
