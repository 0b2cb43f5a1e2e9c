// The built server as a child process over the fixture registry, driven over real sockets the way
// real clients drive it: a TypeScript SDK's requests (Content-Type on GETs, SSE read
// to EOF, waitForRun polling), refused and hostile requests, a slow client, and SIGTERM.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { HTTP_TIMEOUTS } from './http-server.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { killBuiltServers, residentBytes, startBuiltServer, type BuiltServer } from './testing/built-server.js';
import { exchange, isComplete, parseRawResponse, sendAll, streamBody, timedRequest } from './testing/raw-http.js';
import { exactStream } from './testing/sse-frames.js';

jest.setTimeout(40_000);

const MB = 1024 * 1024;

afterEach(() => {
  killBuiltServers();
});

/** What the TS SDK sends on every request: `Content-Type: application/json`, GETs included. */
async function sdk(server: BuiltServer, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

async function expectServing(server: BuiltServer): Promise<void> {
  const health = await sdk(server, 'GET', '/v1/health');
  expect([health.status, health.body['status']]).toEqual([200, 'ok']);
}

describe('the built server over a real socket', () => {
  it('serves health, list, execute, a stream read to EOF and a polled async run, then exits 0 on SIGTERM', async () => {
    const server = await startBuiltServer();

    const health = await sdk(server, 'GET', '/v1/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', version: expect.any(String) } });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(health.headers.get(name)).toBe(value);
    const list = await fetch(`${server.url}/v1/skills/list`, { method: 'GET', headers: { 'Content-Type': 'application/json' }, body: null });
    expect(((await list.json()) as { pagination: { total: number } }).pagination.total).toBe(5);

    const executed = await sdk(server, 'POST', '/v1/skills/text.shout/execute', { inputs: { text: 'built' }, trace_id: 'built-1' });
    expect(executed).toMatchObject({ status: 200, body: { skill_id: 'text.shout', status: 'completed', outputs: { text: 'BUILT' }, trace_id: 'built-1' } });

    // The stream, read to EOF by plain node:http: canonical LF frames, and the end right after done.
    const streamed = await timedRequest(`${server.url}/v1/skills/text.shout/execute/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-trace-id': 'built-1' },
      body: JSON.stringify({ inputs: { text: 'built' } }),
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers['content-type']).toBe('text/event-stream');
    const text = streamed.body.toString('utf8');
    expect(text).not.toContain('\r');
    const stream = exactStream(text);
    expect(stream.frames).toEqual(stream.rebuilt);
    expect(stream.events.map((event) => event.type)).toEqual(['skill_start', 'step_start', 'step_completed', 'skill_completed', 'done']);
    expect(stream.events.at(-1)?.data).toEqual(executed.body);
    expect(text).toMatch(/event: done\ndata: [^\n]+\nid: 5\n\n$/);
    expect(streamed.endMs - (streamed.chunks.at(-1)?.atMs ?? 0)).toBeLessThan(5000);

    // An async run polled the way waitForRun does: the first status other than running is final.
    const launch = await sdk(server, 'POST', '/v1/skills/math.sum/execute/async', { inputs: { a: 20, b: 22 } });
    expect(launch).toMatchObject({ status: 202, body: { status: 'running', skill_id: 'math.sum' } });
    const statuses = new Set<unknown>();
    let record: Record<string, unknown> = {};
    for (let polls = 0; polls < 200; polls += 1) {
      const polled = await sdk(server, 'GET', `/v1/runs/${String(launch.body['run_id'])}`);
      expect(polled.status).toBe(200);
      record = polled.body;
      statuses.add(record['status']);
      if (record['status'] !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(record).toMatchObject({ status: 'completed', result: { outputs: { sum: 42 } }, error: null });
    expect([...statuses].every((status) => status === 'running' || status === 'completed')).toBe(true);
    const runs = await sdk(server, 'GET', '/v1/runs');
    // The stream is recorded as a run too (its X-Run-Id), listed after the newer async launch.
    expect((runs.body['runs'] as Array<{ run_id: string }>).map((run) => run.run_id)).toEqual([launch.body['run_id'], streamed.headers['x-run-id']]);

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it('refuses bad and hostile requests with contract errors and keeps serving', async () => {
    const server = await startBuiltServer();
    const cases: Array<[string, string, number, string]> = [
      ['bad JSON', `POST /v1/skills/text.shout/execute HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{"inputs": `, 400, 'invalid_request'],
      ['a JSON array', `POST /v1/skills/text.shout/execute HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]`, 400, 'invalid_request'],
      ['text/plain', `POST /v1/skills/text.shout/execute HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi`, 415, 'unsupported_media_type'],
      ['a wrong method', `DELETE /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 405, 'method_not_allowed'],
      ['an unknown route', `GET /v1/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 404, 'not_found'],
      ['an unknown skill', `GET /v1/skills/no.such/describe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 404, 'not_found'],
      ['an encoded traversal', `GET /v1/skills/..%2F..%2Fetc/describe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 404, 'not_found'],
      ['a unicode id', `GET /v1/skills/%E2%9C%93/describe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 404, 'not_found'],
      ['a malformed percent-encoding', `GET /v1/skills/%E0%A4%A/describe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 400, 'invalid_request'],
      ['a negative Content-Length', `POST /v1/skills/text.shout/execute HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}`, 400, 'invalid_request'],
      ['20 MB announced', `POST /v1/skills/text.shout/execute HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${20 * MB}\r\n\r\n{"inputs":`, 413, 'payload_too_large'],
    ];
    for (const [what, data, status, code] of cases) {
      const result = await exchange(server.port, sendAll(data));
      const response = parseRawResponse(result.received);
      expect([what, response.status]).toEqual([what, status]);
      const body = JSON.parse(response.body) as { error: { code: string }; trace_id: string };
      expect([what, body.error.code]).toEqual([what, code]);
      expect(body.trace_id).toBe(response.headers['x-trace-id']);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect([what, response.headers[name.toLowerCase()]]).toEqual([what, value]);
      // Each answer came at once and the connection was closed (asked for, or forced by the refusal).
      expect([what, result.closedByServer, (result.firstByteMs ?? Infinity) < 3000]).toEqual([what, true, true]);
      await expectServing(server);
    }
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it('answers a 20 MB upload with 413 after reading little of it, without growing its memory by the upload', async () => {
    const server = await startBuiltServer();
    await expectServing(server);
    const before = residentBytes(server.child.pid ?? 0);
    for (const chunked of [false, true]) {
      const head = `POST /v1/skills/text.shout/execute/stream HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${20 * MB}`}\r\n\r\n`;
      // The client sends 4 MB of the 20 and then waits: the 413 must come while the body is incomplete.
      const streamed = await streamBody(server.port, head, 20 * MB, { chunked, holdAfterBytes: 4 * MB });
      expect([chunked, streamed.response.status]).toEqual([chunked, 413]);
      await expectServing(server);
    }
    const after = residentBytes(server.child.pid ?? 0);
    // Roughly: the server read at most ~1 MiB of each upload; 20 MB buffered would show.
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(16 * MB);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it(`cuts a client trickling its headers in within the headers timeout (${HTTP_TIMEOUTS.headersTimeoutMs / 1000} s), serving others meanwhile`, async () => {
    const server = await startBuiltServer();
    const bound = HTTP_TIMEOUTS.headersTimeoutMs + HTTP_TIMEOUTS.checkIntervalMs + 3000;
    const slow = exchange(
      server.port,
      (socket) => {
        socket.write('GET /v1/health HTTP/1.1\r\nHost: x\r\n');
        const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('X-Slow: 1\r\n')), 200);
      },
      { timeoutMs: bound + 1000, until: isComplete },
    );
    for (let i = 0; i < 3; i += 1) {
      await expectServing(server);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const result = await slow;
    expect(parseRawResponse(result.received).status).toBe(408);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.headersTimeoutMs - 100);
    expect(result.elapsedMs).toBeLessThan(bound);
    await expectServing(server);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });
});
