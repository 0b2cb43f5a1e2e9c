// One of two identical copies, in libs/providers/openapi/src/ and libs/providers/openrpc/src/: adapters
// may not import each other (eslint depConstraints). Change both together.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Test support only (not exported): a real HTTP server on 127.0.0.1, port 0.

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
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

/** Called once the request body is complete; `index` counts requests from 0. */
export type TestHandler = (req: IncomingMessage, res: ServerResponse, body: string, index: number) => void;

export async function startTestServer(handler: TestHandler): Promise<TestHttpServer> {
  const requests: SeenRequest[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const index = requests.length;
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body, index);
    });
  });
  server.on('connection', () => (connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
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
