import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookPost } from '@skill-service/webhooks';

// Test support only (not exported from the library): a real webhook receiver on 127.0.0.1, port 0.

export interface ReceivedDelivery {
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** How the receiver answers one delivery (default 204). */
export type ReceiverAnswer = (delivery: ReceivedDelivery, response: ServerResponse) => void;

export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  answer: ReceiverAnswer = (_delivery, response) => response.writeHead(204).end();
  #url: string | undefined;
  #closed = false;
  readonly #server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      this.received.push(delivery);
      this.answer(delivery, response);
    });
  });

  /** Listens on 127.0.0.1 (port 0); resolves to the delivery URL. */
  async start(): Promise<string> {
    if (this.#url !== undefined) return this.#url;
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hook`;
    return this.#url;
  }

  /** The `webhook-id` of every delivery received, in order. */
  ids(): string[] {
    return this.received.map((delivery) => String(delivery.headers['webhook-id']));
  }

  async close(): Promise<void> {
    if (this.#closed || this.#url === undefined) return;
    this.#closed = true;
    const closed = once(this.#server, 'close');
    this.#server.close();
    this.#server.closeAllConnections();
    await closed;
  }
}

/** A plain fetch POST (the service wires its guarded client instead). */
export const fetchPost: WebhookPost = async (url, body, headers, { timeoutMs, signal }) => {
  const deadline = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers },
    body,
    redirect: 'manual',
    signal: signal === undefined ? deadline : AbortSignal.any([signal, deadline]),
  });
  await response.arrayBuffer();
  return { status: response.status };
};

/** Polls `condition` until true; fails naming `what` after `timeoutMs` (generous: the machine is shared). */
export async function eventually(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
