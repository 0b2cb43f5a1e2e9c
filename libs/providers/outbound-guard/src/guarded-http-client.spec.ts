import { afterEach, describe, expect, it } from '@jest/globals';
import { ServiceError } from '@skill-service/contracts';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { GuardedHttpClient, type OutboundRequest } from './guarded-http-client.js';
import { OutboundBlockedError } from './outbound-blocked-error.js';
import { OutboundGuard, type OutboundGuardOptions } from './outbound-guard.js';

// Real servers on 127.0.0.1 only: this machine has no network and nothing may leave loopback.

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface TestServer {
  port: number;
  origin: string;
  /** Requests whose body was fully received. */
  requests: Seen[];
  /** TCP connections accepted, so "blocked before connecting" can be asserted. */
  connections: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(handler: Handler, host = '127.0.0.1'): Promise<TestServer> {
  const requests: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  const state: TestServer = {
    port: 0,
    origin: '',
    requests,
    connections: 0,
    close: async () => {
      server.closeAllConnections();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
  server.on('connection', () => (state.connections += 1));
  server.listen(0, host);
  await once(server, 'listening');
  state.port = (server.address() as AddressInfo).port;
  state.origin = `http://${host.includes(':') ? `[${host}]` : host}:${state.port}`;
  cleanups.push(state.close);
  return state;
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function clientFor(guardOptions: OutboundGuardOptions): GuardedHttpClient {
  const client = new GuardedHttpClient({ guard: new OutboundGuard(guardOptions) });
  cleanups.push(() => client.close());
  return client;
}

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
};

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const base = (url: string): OutboundRequest => ({ url, timeoutMs: 5000 });

describe('GuardedHttpClient: the guard comes first', () => {
  it('refuses a loopback server that is not allow-listed before opening any connection', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    const client = clientFor({});
    const error = await failure(client.request(base(`${server.origin}/x`)));
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect((error as OutboundBlockedError).reason).toBe('blocked_address');
    expect(error.status).toBe(409);
    expect(server.connections).toBe(0);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    const client = clientFor({ allow: ['127.0.0.1'] });
    expect(await failure(client.request(base('file:///etc/passwd')))).toMatchObject({ reason: 'scheme' });
    expect(await failure(client.request(base('http://u:p@127.0.0.1:1/')))).toMatchObject({ reason: 'credentials' });
  });

  it('reports a host name that does not resolve as an upstream failure (502)', async () => {
    const client = clientFor({ resolve: async () => Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' })) });
    const error = await failure(client.request(base('http://nowhere.test/')));
    expect(error).toMatchObject({ code: 'upstream_failure', status: 502 });
    expect(error.message).toContain('nowhere.test');
  });
});

describe('GuardedHttpClient: allow-listed exchange', () => {
  it('round-trips JSON with headers and a W3C traceparent', async () => {
    const server = await startServer((req, res, body) =>
      json(res, 201, { echoed: JSON.parse(body) as unknown, path: req.url }, { 'x-upstream': 'yes' }),
    );
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const traceId = '4BF92F35-77B3-4DA6-A3CE-929D0E0E4736';
    const response = await client.request({
      ...base(`${server.origin}/v1/op?x=1`),
      method: 'POST',
      json: { text: 'héllo', n: 1 },
      headers: { Authorization: 'Bearer t0ken', 'X-Api-Key': 'k' },
      traceId,
    });
    expect(response.status).toBe(201);
    expect(response.headers['x-upstream']).toBe('yes');
    expect(response.json()).toEqual({ echoed: { text: 'héllo', n: 1 }, path: '/v1/op?x=1' });
    expect(response.url).toBe(`${server.origin}/v1/op?x=1`);

    const [seen] = server.requests;
    expect(seen?.method).toBe('POST');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers.authorization).toBe('Bearer t0ken');
    expect(seen?.headers['x-api-key']).toBe('k');
    expect(seen?.headers.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
  });

  it('sends a GET without a body by default and returns any non-2xx as is', async () => {
    const server = await startServer((_req, res) => json(res, 404, { error: 'nope' }));
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const response = await client.request({ ...base(`${server.origin}/missing`), traceId: 'run-42' });
    expect(response.status).toBe(404);
    expect(response.text()).toBe('{"error":"nope"}');
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('connects a host name to the checked address only (no second lookup)', async () => {
    const server = await startServer((req, res) => json(res, 200, { host: req.headers.host }));
    const lookups: string[] = [];
    const client = clientFor({
      allow: [`pinned.test:${server.port}`],
      // `.test` never resolves on this machine: success proves the socket used the checked answer.
      resolve: async (host) => {
        lookups.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const response = await client.request(base(`http://pinned.test:${server.port}/`));
    expect(response.json()).toEqual({ host: `pinned.test:${server.port}` });
    expect(lookups).toEqual(['pinned.test']);
  });

  it('keeps the connection to an upstream alive between requests', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    await client.request(base(server.origin));
    await client.request({ ...base(server.origin), method: 'POST' });
    expect(server.connections).toBe(1);
    expect(server.requests[1]?.headers['content-length']).toBe('0');
  });

  it('reaches an allow-listed IPv6 literal', async () => {
    // Every machine of this project has an IPv6 loopback; if one lacks it this test must fail loudly.
    const server = await startServer((req, res) => json(res, 200, { host: req.headers.host }), '::1');
    const blocked = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    expect(await failure(blocked.request(base(`${server.origin}/`)))).toMatchObject({ reason: 'blocked_address' });
    expect(server.connections).toBe(0);
    const client = clientFor({ allow: [`[::1]:${server.port}`] });
    expect((await client.request(base(`${server.origin}/`))).json()).toEqual({ host: `[::1]:${server.port}` });
  });

  it('rejects nonsensical arguments as programming errors', async () => {
    const client = clientFor({});
    await expect(client.request({ ...base('http://93.184.216.34/'), timeoutMs: 0 })).rejects.toThrow(TypeError);
    await expect(client.request({ ...base('http://93.184.216.34/'), json: {}, body: 'x' })).rejects.toThrow(TypeError);
  });

  it('decompresses gzip bodies', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
      res.end(gzipSync('compressed hello'));
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    expect((await client.request(base(server.origin))).text()).toBe('compressed hello');
  });

  it('rejects a header value with CR/LF without echoing it', async () => {
    const client = clientFor({ allow: ['127.0.0.1'] });
    const error = await failure(
      client.request({ ...base('http://127.0.0.1:1/'), headers: { 'x-api-key': 'secret\r\nX-Evil: 1' } }),
    );
    expect(error.code).toBe('invalid_configuration');
    expect(error.message).toContain('x-api-key');
    expect(error.message).not.toContain('secret');
  });

  it('reports a body that is not JSON as an upstream failure when json() is asked for', async () => {
    const server = await startServer((_req, res) => res.end('<html>'));
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const response = await client.request(base(server.origin));
    expect(() => response.json()).toThrow(expect.objectContaining({ code: 'upstream_failure' }) as unknown as Error);
  });
});

describe('GuardedHttpClient: redirects', () => {
  it('re-checks a redirect to a private address and refuses it', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(302, { location: 'http://10.0.0.1/x' });
      res.end();
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const error = await failure(client.request(base(`${server.origin}/start`)));
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect(error.message).toContain('10.0.0.1');
    expect((error as OutboundBlockedError).reason).toBe('blocked_address');
  });

  it('refuses a redirect to another loopback port that is not allow-listed; that server sees nothing', async () => {
    const other = await startServer((_req, res) => json(res, 200, { reached: true }));
    const server = await startServer((_req, res) => {
      res.writeHead(307, { location: `${other.origin}/steal` });
      res.end();
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const error = await failure(client.request({ ...base(`${server.origin}/start`), method: 'POST', json: { a: 1 } }));
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect(server.requests).toHaveLength(1);
    expect(other.connections).toBe(0);
    expect(other.requests).toHaveLength(0);
  });

  it('follows a cross-origin 303 as a GET and drops credential headers', async () => {
    const target = await startServer((_req, res) => json(res, 200, { final: true }));
    const server = await startServer((_req, res) => {
      res.writeHead(303, { location: `${target.origin}/done` });
      res.end();
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`, `127.0.0.1:${target.port}`] });
    const response = await client.request({
      ...base(`${server.origin}/start`),
      method: 'POST',
      json: { a: 1 },
      headers: { authorization: 'Bearer t', 'x-api-key': 'k', cookie: 'c=1', accept: 'application/json' },
      traceId: 'abc',
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${target.origin}/done`);
    const [seen] = target.requests;
    expect(seen).toMatchObject({ method: 'GET', body: '' });
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers['x-api-key']).toBeUndefined();
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers['content-type']).toBeUndefined();
    expect(seen?.headers.accept).toBe('application/json');
    expect(seen?.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('repeats method, body and headers on a same-origin 307', async () => {
    const server = await startServer((req, res, body) => {
      if (req.url === '/old') {
        res.writeHead(307, { location: '/new' });
        res.end();
      } else json(res, 200, { body, key: req.headers['x-api-key'] });
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const response = await client.request({
      ...base(`${server.origin}/old`),
      method: 'PUT',
      body: 'payload',
      headers: { 'x-api-key': 'k' },
    });
    expect(response.json()).toEqual({ body: 'payload', key: 'k' });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /old', 'PUT /new']);
  });

  it('gives up after 5 redirects with an upstream failure', async () => {
    const server = await startServer((req, res) => {
      res.writeHead(302, { location: `/loop${req.url?.length ?? 0}` });
      res.end();
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const error = await failure(client.request(base(`${server.origin}/`)));
    expect(error).toMatchObject({ code: 'upstream_failure', status: 502 });
    expect(server.requests).toHaveLength(6);
  });

  it('returns the 3xx as is when followRedirects is false', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(302, { location: 'http://10.0.0.1/x' });
      res.end('moved');
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const response = await client.request({ ...base(server.origin), followRedirects: false });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('http://10.0.0.1/x');
    expect(response.text()).toBe('moved');
  });
});

describe('GuardedHttpClient: retries', () => {
  /** Answers with `script` in turn, then 200 `{ok:true}`. */
  async function scripted(script: { status: number; headers?: Record<string, string> }[]) {
    let call = 0;
    return startServer((_req, res) => {
      const step = script[call++];
      if (step === undefined) json(res, 200, { ok: true });
      else json(res, step.status, { attempt: call }, step.headers);
    });
  }

  it('retries a 503 with Retry-After: 0 and returns the 200', async () => {
    const server = await scripted([{ status: 503, headers: { 'retry-after': '0' } }]);
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const response = await client.request({ ...base(server.origin), method: 'POST', json: {}, retry: { limit: 3 } });
    expect(response.status).toBe(200);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('honours a short Retry-After', async () => {
    const server = await scripted([{ status: 429, headers: { 'retry-after': '1' } }]);
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const started = Date.now();
    const response = await client.request({ ...base(server.origin), retry: { limit: 1 } });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('caps a long Retry-After at maxRetryAfterMs', async () => {
    const server = await scripted([{ status: 503, headers: { 'retry-after': '3600' } }]);
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const started = Date.now();
    const response = await client.request({ ...base(server.origin), retry: { limit: 1, maxRetryAfterMs: 100 } });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(90);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('uses backoffMs without Retry-After, and returns the last answer once the limit is spent', async () => {
    const server = await scripted([{ status: 502 }, { status: 504 }, { status: 503 }, { status: 503 }]);
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const attempts: number[] = [];
    const response = await client.request({
      ...base(server.origin),
      retry: { limit: 2, backoffMs: (attempt) => (attempts.push(attempt), 5) },
    });
    expect(response.status).toBe(503);
    expect(response.json()).toEqual({ attempt: 3 });
    expect(attempts).toEqual([1, 2]);
  });

  it('does not retry statuses outside statusCodes, nor without a retry option', async () => {
    const server = await scripted([{ status: 500 }, { status: 503 }]);
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    expect((await client.request({ ...base(server.origin), retry: { limit: 3 } })).status).toBe(500);
    expect((await client.request(base(server.origin))).status).toBe(503);
    expect(server.requests).toHaveLength(2);
  });

  it('stops waiting for a retry as soon as the signal aborts', async () => {
    const server = await scripted([{ status: 503, headers: { 'retry-after': '30' } }]);
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await failure(
      client.request({ ...base(server.origin), retry: { limit: 1 }, signal: controller.signal }),
    );
    expect(error).toMatchObject({ code: 'service_unavailable' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('GuardedHttpClient: failures', () => {
  it('times out a silent upstream with upstream_timeout (504)', async () => {
    const server = await startServer(() => undefined);
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const started = Date.now();
    const error = await failure(client.request({ ...base(server.origin), timeoutMs: 200 }));
    expect(error).toMatchObject({ code: 'upstream_timeout', status: 504 });
    expect(error.message).toContain('200 ms');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('times out a body that trickles past the deadline', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200);
      res.write('a');
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    expect(await failure(client.request({ ...base(server.origin), timeoutMs: 200 }))).toMatchObject({
      code: 'upstream_timeout',
    });
  });

  it('reports a refused connection as upstream_failure (502)', async () => {
    const port = await closedPort();
    const client = clientFor({ allow: [`127.0.0.1:${port}`] });
    const error = await failure(client.request(base(`http://127.0.0.1:${port}/`)));
    expect(error).toMatchObject({ code: 'upstream_failure', status: 502 });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('reports a connection reset mid-response as upstream_failure', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    expect(await failure(client.request(base(server.origin)))).toMatchObject({ code: 'upstream_failure' });
  });

  it('cuts off a streamed body larger than maxResponseBytes without reading it all', async () => {
    const limit = 1024 * 1024;
    const serverCap = 512 * 1024 * 1024;
    let written = 0;
    let closed!: Promise<unknown>;
    const server = await startServer((_req, res) => {
      closed = once(res, 'close');
      res.writeHead(200, { 'content-type': 'application/octet-stream' }); // chunked: no length up front
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && written < serverCap) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const error = await failure(client.request({ ...base(server.origin), maxResponseBytes: limit, timeoutMs: 10_000 }));
    expect(error).toMatchObject({ code: 'upstream_failure', status: 502 });
    expect(error.message).toContain(`exceeds ${limit} bytes`);
    await closed;
    // Only socket buffers' worth beyond the limit was ever sent, far from the whole body.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses a declared content-length over the cap at once, before the body arrives', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write('just the start'); // then silence: only the header can have decided
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const started = Date.now();
    const error = await failure(client.request({ ...base(server.origin), maxResponseBytes: 1024, timeoutMs: 10_000 }));
    expect(error).toMatchObject({ code: 'upstream_failure' });
    expect(error.message).toContain('exceeds 1024 bytes');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('counts decompressed bytes, so a small gzip bomb is cut off too', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    });
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const error = await failure(client.request({ ...base(server.origin), maxResponseBytes: 1024 * 1024 }));
    expect(error.message).toContain('response exceeds 1048576 bytes');
  });

  it('accepts a body exactly at the cap', async () => {
    const server = await startServer((_req, res) => res.end('x'.repeat(1024)));
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    expect((await client.request({ ...base(server.origin), maxResponseBytes: 1024 })).body.length).toBe(1024);
  });

  it('aborts promptly via signal: service_unavailable, or upstream_timeout for a TimeoutError reason', async () => {
    const server = await startServer(() => undefined);
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const aborted = await failure(client.request({ ...base(server.origin), signal: controller.signal }));
    expect(aborted).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(Date.now() - started).toBeLessThan(10_000);

    const timedOut = await failure(client.request({ ...base(server.origin), signal: AbortSignal.timeout(50) }));
    expect(timedOut).toMatchObject({ code: 'upstream_timeout', status: 504 });
  });

  it('does not connect at all when the signal is already aborted', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    const client = clientFor({ allow: [`127.0.0.1:${server.port}`] });
    const error = await failure(client.request({ ...base(server.origin), signal: AbortSignal.abort() }));
    expect(error.code).toBe('service_unavailable');
    expect(server.connections).toBe(0);
  });

  it('aborts a slow DNS answer on the deadline', async () => {
    const client = clientFor({ resolve: () => new Promise(() => undefined) });
    const error = await failure(client.request({ ...base('http://slow.test/'), timeoutMs: 100 }));
    expect(error.code).toBe('upstream_timeout');
  });
});
