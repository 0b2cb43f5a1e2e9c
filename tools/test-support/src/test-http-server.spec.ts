import { afterEach, describe, expect, it } from '@jest/globals';
import { createConnection } from 'node:net';
import { sendJson, startTestServer, type TestHttpServer } from './test-http-server.js';

let server: TestHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startTestServer', () => {
  it('hands each complete request to the handler with its index, and records it', async () => {
    server = await startTestServer((req, res, body, index) => sendJson(res, index === 0 ? 200 : 503, { index, method: req.method, body }, { 'x-seen': 'yes' }));
    const first = await fetch(`${server.origin}/op?q=1`, { method: 'POST', body: 'héllo' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.headers.get('x-seen')).toBe('yes');
    const text = await first.text();
    expect(Number(first.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ index: 0, method: 'POST', body: 'héllo' });
    const second = await fetch(`${server.origin}/other`);
    expect(second.status).toBe(503);
    await second.arrayBuffer();
    expect(server.requests.map(({ method, url, body, bytes }) => [method, url, body, bytes])).toEqual([
      ['POST', '/op?q=1', 'héllo', 6],
      ['GET', '/other', '', 0],
    ]);
    expect(server.requests[0]?.headers['content-length']).toBe('6');
  });

  it('counts TCP connections, even those that send no request', async () => {
    server = await startTestServer((_req, res) => res.end());
    const socket = createConnection(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.destroy();
    const started = Date.now();
    while (server.connections() < 1 && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.connections()).toBe(1);
    expect(server.requests).toEqual([]);
  });

  it('listens on the port asked for, and close cuts a held answer', async () => {
    const first = await startTestServer(() => undefined);
    const held = fetch(`${first.origin}/held`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await first.close();
    await expect(held).rejects.toThrow();
    await first.close();
    server = await startTestServer((_req, res) => sendJson(res, 200, { again: true }), { port: first.port });
    expect(server.origin).toBe(first.origin);
    expect(await (await fetch(`${server.origin}/`)).json()).toEqual({ again: true });
  });
});
