import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { startTestServer, type TestHttpServer } from './test-http-server.js';

/** One delivery as the receiver read it. */
export interface ReceivedDelivery {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The raw body, as sent (signatures are computed over these exact bytes). */
  readonly body: string;
  /** `Date.now()` when the request body was fully read. */
  readonly at: number;
}

/** How the receiver answers one delivery: write to `response`, hold it, or destroy `request.socket`. */
export type ReceiverAnswer = (received: ReceivedDelivery, response: ServerResponse, request: IncomingMessage) => void;

/**
 * A real HTTP webhook receiver on 127.0.0.1: records every delivery and lets the test decide each
 * answer (200 `ok` unless `answer` is replaced). It can be closed and started again, on the same
 * port too, keeping what it received, so "the receiver is down, then back" can be played.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  /** `Date.now()` of each response finished, in order. */
  readonly answeredAt: number[] = [];
  answer: ReceiverAnswer = (_received, response) => response.writeHead(200).end('ok');
  readonly #timers = new Set<NodeJS.Timeout>();
  #server: Promise<TestHttpServer> | undefined;

  /**
   * Listens on `port` (default: an ephemeral one) and resolves to the delivery URL (path `/hook`).
   * While it listens, another call resolves to the same URL, so several rigs can share one receiver.
   */
  async start(port = 0): Promise<string> {
    this.#server ??= startTestServer((request, response, body) => this.#receive(request, response, body), { port }).catch((error: unknown) => {
      this.#server = undefined;
      throw error;
    });
    const server = await this.#server;
    if (port !== 0 && server.port !== port) throw new Error(`the receiver already listens at ${server.origin}, not on port ${port}`);
    return `${server.origin}/hook`;
  }

  /** Runs `action` after `ms` unless the receiver is closed first. */
  later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      action();
    }, ms);
    this.#timers.add(timer);
  }

  /** The `webhook-id` header of every delivery received, in order. */
  ids(): string[] {
    return this.received.map((delivery) => String(delivery.headers['webhook-id']));
  }

  /** Every delivery's body parsed as JSON, in order. */
  payloads<T = Record<string, unknown>>(): T[] {
    return this.received.map((delivery) => JSON.parse(delivery.body) as T);
  }

  /** Stops listening and cuts every open connection, held answers included. Safe to call twice. */
  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    const starting = this.#server;
    this.#server = undefined;
    const server = await starting?.catch(() => undefined);
    await server?.close();
  }

  #receive(request: IncomingMessage, response: ServerResponse, body: string): void {
    const received: ReceivedDelivery = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, at: Date.now() };
    this.received.push(received);
    response.on('finish', () => this.answeredAt.push(Date.now()));
    this.answer(received, response, request);
  }
}
