// A real HTTP webhook receiver on 127.0.0.1 for the webhook spec: records every delivery.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private server?: Server;

  /** Listens on an ephemeral port; answers 200 at the delivery URL it returns (path `/hook`). */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
        res.writeHead(200).end('ok');
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      const server = this.server;
      if (server === undefined) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }
}
