// Oversized, slow and malformed requests over real sockets: each gets its answer within a bound,
// never buffers what it refuses, and leaves the server serving.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SkillService } from '@skill-service/service';
import { HTTP_TIMEOUTS, type HttpTimeouts } from './http-server.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { exchange, isComplete, parseRawResponse, sendAll, streamBody, trickle, type RawResponse } from './testing/raw-http.js';
import { gateFolder, listen, openTestService, readSse, testApp, waitFor, type Listening } from './testing/test-server.js';

jest.setTimeout(30_000);

const MB = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Short bounds for the slow-client tests (production: HTTP_TIMEOUTS). */
const SHORT: HttpTimeouts = { headersTimeoutMs: 600, requestTimeoutMs: 1200, checkIntervalMs: 100 };

let service: SkillService;
/** The default 1 MiB limit and production timeouts. */
let server: Listening;
/** A 300-byte limit, to probe the exact edge. */
let small: Listening;
/** The SHORT timeouts. */
let impatient: Listening;

beforeAll(async () => {
  service = await openTestService();
  server = await listen(testApp(service).app);
  small = await listen(testApp(service, { bodyLimitBytes: 300 }).app);
  impatient = await listen(testApp(service).app, SHORT);
});

afterAll(async () => {
  await Promise.all([server.close(), small.close(), impatient.close()]);
  await service.close();
});

const portOf = (listening: Listening): number => Number(new URL(listening.url).port);

function postHead(path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ Host: '127.0.0.1', 'Content-Type': 'application/json', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

function expectSecurityHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()]).toBe(value);
}

function expectErrorPayload(response: RawResponse, status: number, code: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(response.body) as { error: { code: string; message: string; type: string }; trace_id: string };
  expect(body).toEqual({ error: { code, message: expect.any(String), type: expect.any(String) }, trace_id: response.headers['x-trace-id'] });
  expect(body.trace_id).toMatch(UUID);
  expectSecurityHeaders(response.headers);
}

/** The server still answers, on a fresh connection. */
async function expectServing(listening: Listening): Promise<void> {
  const response = await fetch(`${listening.url}/v1/health`, { signal: AbortSignal.timeout(3000) });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('ok');
}

describe('bodies past the limit', () => {
  it('answers 413 from the Content-Length alone, before the body is sent, and closes the connection', async () => {
    const result = await exchange(portOf(server), (socket) => {
      socket.write(postHead('/v1/skills/text.shout/execute', { 'Content-Length': 20 * MB }));
      socket.write(Buffer.alloc(64 * 1024, ' '));
    });
    // Answered although the client never sends more than 64 KiB of the announced 20 MB.
    expect(result.closedByServer).toBe(true);
    const response = parseRawResponse(result.received);
    expectErrorPayload(response, 413, 'payload_too_large');
    expect(JSON.parse(response.body).error.message).toBe(`The request body is larger than ${MB} bytes`);
    expect(response.headers['connection']).toBe('close');
    await expectServing(server);
  });

  it.each([
    ['with a Content-Length', false],
    ['chunked, without a Content-Length', true],
  ])('answers a 20 MB body sent %s with 413 promptly, having read little of it', async (_how, chunked) => {
    const head = postHead('/v1/skills/text.shout/execute', chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': 20 * MB });
    // The client sends 4 MB of the 20 and waits: a server that read the whole body first never answers.
    const streamed = await streamBody(portOf(server), head, 20 * MB, { chunked, holdAfterBytes: 4 * MB });
    expectErrorPayload(streamed.response, 413, 'payload_too_large');
    expect(streamed.closedByServer).toBe(true);
    await expectServing(server);
  });

  it('answers a gzip body that inflates past the limit with 413', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * MB, ' '));
    expect(bomb.length).toBeLessThan(MB);
    const head = postHead('/v1/capabilities/text.upper/explain', { 'Content-Encoding': 'gzip', 'Content-Length': bomb.length });
    const result = await exchange(portOf(server), sendAll(Buffer.concat([Buffer.from(head), bomb])), { until: isComplete });
    expectErrorPayload(parseRawResponse(result.received), 413, 'payload_too_large');
    await expectServing(server);
  });

  /** `{"inputs":{"text":"a"}}` padded with spaces to exactly `size` bytes. */
  const bodyOf = (size: number): string => {
    const json = JSON.stringify({ inputs: { text: 'a' } });
    return json + ' '.repeat(size - json.length);
  };

  it.each([
    ['with a Content-Length', false],
    ['chunked', true],
  ])('accepts a body of exactly the limit and refuses one byte more, sent %s', async (_how, chunked) => {
    for (const [size, status] of [
      [300, 200],
      [301, 413],
    ] as const) {
      const body = bodyOf(size);
      const head = postHead('/v1/skills/text.shout/execute', chunked ? { 'Transfer-Encoding': 'chunked', Connection: 'close' } : { 'Content-Length': size, Connection: 'close' });
      const framed = chunked ? `${size.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body;
      const result = await exchange(portOf(small), sendAll(head + framed));
      const response = parseRawResponse(result.received);
      expect([size, response.status]).toEqual([size, status]);
      if (status === 413) expectErrorPayload(response, 413, 'payload_too_large');
      else expect(JSON.parse(response.body).outputs).toEqual({ text: 'A' });
    }
    await expectServing(small);
  });

  it('keeps a connection usable after a refused media type or bad JSON (the body was read)', async () => {
    const bad = '{"inputs": ';
    const notJson = 'inputs=1';
    const pipelined =
      postHead('/v1/skills/text.shout/execute', { 'Content-Length': bad.length }) +
      bad +
      postHead('/v1/skills/text.shout/execute', { 'Content-Type': 'text/plain', 'Content-Length': notJson.length }) +
      notJson +
      'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
    const result = await exchange(portOf(server), sendAll(pipelined));
    const statuses = [...result.received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    expect(statuses).toEqual([400, 415, 200]);
    expect(result.closedByServer).toBe(true);
  });
});

describe('slow clients', () => {
  it('uses bounded production timeouts, far below Node’s minutes', () => {
    expect(HTTP_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestTimeoutMs);
    expect(HTTP_TIMEOUTS.requestTimeoutMs).toBeLessThanOrEqual(60_000);
    expect(HTTP_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(5_000);
    expect(server.server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeoutMs);
    expect(server.server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeoutMs);
  });

  it('cuts a body trickling in at 1 byte per 100 ms with 408 within the bound, serving others meanwhile', async () => {
    // 100 bytes: ~10 s at this pace.
    const body = JSON.stringify({ inputs: { text: 'slow' } }).padEnd(100, ' ');
    const head = postHead('/v1/skills/text.shout/execute', { 'Content-Length': body.length });
    const slow = exchange(
      portOf(impatient),
      (socket) => {
        socket.write(head);
        trickle(body, 100)(socket);
      },
      { timeoutMs: 8000 },
    );
    let slowEnded = false;
    void slow.then(() => (slowEnded = true));
    // Meanwhile, other clients are answered as usual: each answer comes while the slow one is still pending.
    for (let i = 0; i < 3; i += 1) {
      await expectServing(impatient);
      expect(slowEnded).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const result = await slow;
    // Cut by the server (before the client's own 8 s bound) and by the request timeout, not earlier.
    expect(result.closedByServer).toBe(true);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(SHORT.requestTimeoutMs);
    const response = parseRawResponse(result.received);
    expect(response.status).toBe(408);
    expect(response.headers['connection']).toBe('close');
    expectSecurityHeaders(response.headers);
    await expectServing(impatient);
  });

  it('cuts headers trickling in with 408 within the headers timeout', async () => {
    const result = await exchange(portOf(impatient), trickle('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(100), 50), { timeoutMs: 8000 });
    // Cut by the server long before the trickle (6.5 s) ends, and by the headers timeout, not earlier.
    expect(result.closedByServer).toBe(true);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(SHORT.headersTimeoutMs);
    expect(parseRawResponse(result.received).status).toBe(408);
    await expectServing(impatient);
  });

  it('never cuts an answer that takes longer than the request timeout: only receiving the request is bounded', async () => {
    const gates = await gateFolder();
    const stream = readSse(`${impatient.url}/v1/skills/test.wait/execute/stream`, { inputs: { gate_dir: gates, name: 'long-stream' } });
    const execute = fetch(`${impatient.url}/v1/skills/test.wait/execute`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ inputs: { gate_dir: gates, name: 'long-execute' } }),
    });
    const started = (name: string) => () => readFile(join(gates, `${name}.started`)).then(() => true, () => false);
    await waitFor('both held calls to start', async () => (await started('long-stream')()) && (await started('long-execute')()));
    await new Promise((resolve) => setTimeout(resolve, SHORT.requestTimeoutMs + 4 * SHORT.checkIntervalMs));
    await writeFile(join(gates, 'long-stream.release'), '');
    await writeFile(join(gates, 'long-execute.release'), '');
    expect((await stream).events.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed', outputs: { released: true } } });
    const answer = await execute;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'completed', outputs: { released: true } });
  });
});

describe('malformed HTTP', () => {
  it.each([
    ['a negative Content-Length', postHead('/v1/skills/text.shout/execute', { 'Content-Length': -5 }) + '{}'],
    ['a non-numeric Content-Length', postHead('/v1/skills/text.shout/execute', { 'Content-Length': 'ten' }) + '{}'],
    ['both Content-Length and chunked', postHead('/v1/skills/text.shout/execute', { 'Content-Length': 2, 'Transfer-Encoding': 'chunked' }) + '2\r\n{}\r\n0\r\n\r\n'],
    ['a broken chunk size', postHead('/v1/skills/text.shout/execute', { 'Transfer-Encoding': 'chunked' }) + 'zz\r\n{}\r\n0\r\n\r\n'],
    ['a broken request line', 'GARBAGE\r\n\r\n'],
    ['a header without a colon', 'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n'],
  ])('answers %s with 400, the error payload and the security headers, then closes', async (_what, data) => {
    const result = await exchange(portOf(server), sendAll(data));
    expect(result.closedByServer).toBe(true);
    const response = parseRawResponse(result.received);
    expectErrorPayload(response, 400, 'invalid_request');
    expect(response.headers['connection']).toBe('close');
    await expectServing(server);
  });

  it('answers headers over Node’s 16 KiB with 431 and the security headers', async () => {
    const result = await exchange(portOf(server), sendAll(`GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    const response = parseRawResponse(result.received);
    expect(response.status).toBe(431);
    expectSecurityHeaders(response.headers);
    await expectServing(server);
  });
});
