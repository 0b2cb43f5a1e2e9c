// Test support for src/bindings-e2e: a real HTTP provider on 127.0.0.1 (port 0) that answers like a
// healthy summariser or like a broken one, switchable at run time, and can go down and come back
// on the same port.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `openapi`: `POST /<operation>` → `{result: {text}}`; `openrpc`: JSON-RPC 2.0 → `{result: {summary}}`. */
export type HttpDialect = 'openapi' | 'openrpc';

export type HttpBehaviour =
  | 'healthy'
  /** Answers after SLOW_ANSWER_MS, far beyond the bindings' timeouts. */
  | 'slow'
  | 'status_500'
  /** `content-type: application/json` with a truncated body. */
  | 'malformed_json'
  /** Streams OVERSIZED_BYTES of JSON-typed body in chunks, without content-length. */
  | 'oversized'
  | 'html'
  /** openrpc: a well-formed JSON-RPC answer carrying an `error` member. */
  | 'rpc_error';

export const SLOW_ANSWER_MS = 5_000;
export const OVERSIZED_BYTES = 1024 * 1024;

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** The healthy remote answer: distinguishable from the Python fallback's summary. */
export function remoteSummary(text: unknown): string {
  return `remote: ${String(text).split(/\s+/).filter(Boolean).slice(0, 3).join(' ')}`;
}

export class FaultyHttpServer {
  behaviour: HttpBehaviour;
  /** Every request whose body was received, including those answered with a fault. */
  readonly requests: SeenRequest[] = [];
  private server: Server | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    readonly dialect: HttpDialect,
    behaviour: HttpBehaviour,
    private boundPort: number,
  ) {
    this.behaviour = behaviour;
  }

  static async start(dialect: HttpDialect, behaviour: HttpBehaviour = 'healthy'): Promise<FaultyHttpServer> {
    const server = new FaultyHttpServer(dialect, behaviour, 0);
    await server.listen();
    return server;
  }

  get port(): number {
    return this.boundPort;
  }

  get listening(): boolean {
    return this.server?.listening === true;
  }

  /** Goes down: the port refuses connections until `listen()` again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (server === undefined) return;
    server.closeAllConnections();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens (again) on the same port; the first time on a free one. */
  async listen(): Promise<void> {
    if (this.server !== undefined) return;
    const server = createServer((req, res) => this.receive(req, res));
    server.listen(this.boundPort, '127.0.0.1');
    await once(server, 'listening');
    this.boundPort = (server.address() as AddressInfo).port;
    this.server = server;
  }

  close(): Promise<void> {
    return this.stop();
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      // A client that gave up leaves a destroyed socket behind: late writes must not throw.
      res.on('error', () => undefined);
      this.answer(res, body);
    });
  }

  private answer(res: ServerResponse, body: string): void {
    const request = parseJson(body);
    switch (this.behaviour) {
      case 'healthy':
        return sendJson(res, 200, this.healthyAnswer(request));
      case 'slow': {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          if (!res.destroyed) sendJson(res, 200, this.healthyAnswer(request));
        }, SLOW_ANSWER_MS);
        this.timers.add(timer);
        return;
      }
      case 'status_500':
        return sendJson(res, 500, { error: 'internal failure in the summariser' });
      case 'malformed_json':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"result": {"text": "cut off');
        return;
      case 'oversized':
        return streamOversized(res);
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><body><h1>Gateway login</h1></body></html>');
        return;
      case 'rpc_error':
        return sendJson(res, 200, { jsonrpc: '2.0', id: idOf(request), error: { code: -32000, message: 'backend exploded' } });
    }
  }

  private healthyAnswer(request: unknown): unknown {
    const params = isRecord(request) ? request : {};
    if (this.dialect === 'openapi') return { result: { text: remoteSummary(params['body_text']) } };
    const rpcParams = isRecord(params['params']) ? params['params'] : {};
    return { jsonrpc: '2.0', id: idOf(request), result: { summary: remoteSummary(rpcParams['text']) } };
  }
}

function streamOversized(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(16 * 1024, 0x20);
  let sent = 0;
  res.write('{"result": {"text": "');
  const pump = (): void => {
    while (sent < OVERSIZED_BYTES && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end('"}}');
  };
  pump();
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function idOf(request: unknown): unknown {
  return isRecord(request) ? (request['id'] ?? null) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
