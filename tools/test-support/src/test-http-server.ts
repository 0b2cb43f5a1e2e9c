import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A plain HTTP server on 127.0.0.1 (port 0) whose every answer the test writes: a provider's remote
// end (an OpenAPI operation, a JSON-RPC endpoint) with the requests it saw and connections it took.

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** The body's size in bytes as received (`body` is its UTF-8 decoding). */
  readonly bytes: number;
}

export interface TestHttpServer {
  readonly port: number;
  readonly origin: string;
  /** Requests whose body was fully received, in order. */
  readonly requests: SeenRequest[];
  /** TCP connections accepted, so "refused before connecting" can be asserted. */
  readonly connections: () => number;
  close(): Promise<void>;
}

/** Called once the request body is complete; `index` counts requests from 0 (`requests[index]`). */
export type TestHandler = (req: IncomingMessage, res: ServerResponse, body: string, index: number) => void;

export interface TestServerOptions {
  /** The port to listen on (default: an ephemeral one), e.g. to come back where a client still points. */
  readonly port?: number;
}

export async function startTestServer(handler: TestHandler, { port: wanted = 0 }: TestServerOptions = {}): Promise<TestHttpServer> {
  const requests: SeenRequest[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = raw.toString('utf8');
      const index = requests.length;
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, bytes: raw.length });
      handler(req, res, body, index);
    });
  });
  server.on('connection', () => (connections += 1));
  server.listen(wanted, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    // Cuts open connections (a held answer too); safe to call twice.
    close: async () => {
      server.closeAllConnections();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
