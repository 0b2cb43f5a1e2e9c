// The SSE stream as bytes on the wire, read by plain node:http and raw sockets (no SSE library):
// LF-only framing checked byte for byte, and the response ending right after `done`, which is
// what lets the TS SDK and `verify_streaming_sse.py` (both read to EOF) finish.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SkillService } from '@skill-service/service';
import { exchange, sendAll, timedRequest, type TimedResponse } from './testing/raw-http.js';
import { exactStream } from './testing/sse-frames.js';
import { gateFolder, listen, openTestService, testApp, waitFor, type Listening } from './testing/test-server.js';

jest.setTimeout(30_000);

const HEARTBEAT_MS = 50;

let service: SkillService;
let listening: Listening;

beforeAll(async () => {
  service = await openTestService();
  listening = await listen(testApp(service, { heartbeatMs: HEARTBEAT_MS }).app);
});

afterAll(async () => {
  await listening.close();
  await service.close();
});

const streamUrl = (skillId: string): string => `${listening.url}/v1/skills/${skillId}/execute/stream`;

function stream(skillId: string, body: unknown, headers: Record<string, string> = {}): Promise<TimedResponse> {
  return timedRequest(streamUrl(skillId), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Checks the body byte for byte: UTF-8, no BOM, no CR, only canonical frames with ids 1, 2, 3… */
function expectExactFraming(body: Buffer): Array<{ type: string; data: unknown }> {
  const text = body.toString('utf8');
  expect(Buffer.from(text, 'utf8').equals(body)).toBe(true);
  expect(text.charCodeAt(0)).not.toBe(0xfeff);
  expect(text).not.toContain('\r');
  const stream = exactStream(text);
  expect(stream.frames).toEqual(stream.rebuilt);
  return stream.events.map((event) => ({ type: event.type, data: event.data }));
}

/** The done frame is the last bytes of the response, and the response ended right after it. */
function expectEndsRightAfterDone(response: TimedResponse): void {
  const text = response.body.toString('utf8');
  expect(text).toMatch(/event: done\ndata: [^\n]+\nid: \d+\n\n$/);
  const doneChunk = response.chunks.findIndex((chunk) => chunk.bytes.toString('utf8').includes('event: done\n'));
  expect(doneChunk).toBeGreaterThan(-1);
  // Nothing after the chunk carrying done (a heartbeat every 50 ms would show if the stream went on).
  expect(response.chunks.slice(doneChunk + 1).every((chunk) => chunk.bytes.length === 0)).toBe(true);
  expect(response.endMs - (response.chunks[doneChunk]?.atMs ?? 0)).toBeLessThan(HEARTBEAT_MS * 4);
}

describe('SSE on the wire (node:http, read to EOF)', () => {
  it('frames every event byte-exactly with LF only and ends the response right after done', async () => {
    const response = await stream('text.shout', { inputs: { text: 'grüß ✓ "quoted"\nnew line' } }, { 'x-trace-id': 'wire-1' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    const events = expectExactFraming(response.body);
    expect(events.map((event) => event.type)).toEqual(['skill_start', 'step_start', 'step_completed', 'skill_completed', 'done']);
    expect(events.at(-1)?.data).toEqual({ skill_id: 'text.shout', status: 'completed', outputs: { text: 'GRÜSS ✓ "QUOTED"\nNEW LINE' }, trace_id: 'wire-1' });
    expectEndsRightAfterDone(response);
  });

  it('ends right after done when the run fails too (step_failed first)', async () => {
    const response = await stream('text.shout-then-fail', { inputs: { text: 'x' } });
    expect(response.status).toBe(200);
    const events = expectExactFraming(response.body);
    const types = events.map((event) => event.type);
    expect(types.indexOf('step_failed')).toBeLessThan(types.indexOf('done'));
    expect(events.at(-1)?.data).toMatchObject({ error: { code: 'upstream_failure' } });
    expectEndsRightAfterDone(response);
  });

  it('keeps exact framing with heartbeats interleaved during a long step, and ends right after done', async () => {
    const gates = await gateFolder();
    const reading = stream('test.wait', { inputs: { gate_dir: gates, name: 'wire-beat' } });
    await waitFor('the held call to start', () => readFile(join(gates, 'wire-beat.started')).then(() => true, () => false));
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 5));
    await writeFile(join(gates, 'wire-beat.release'), '');
    const response = await reading;
    const text = response.body.toString('utf8');
    expect(text.match(/: ping\n\n/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    const events = expectExactFraming(response.body);
    expect(events.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed', outputs: { released: true } } });
    expectEndsRightAfterDone(response);
  });

  it('ends the chunked body with its terminator after done and keeps the connection for the next request', async () => {
    const body = JSON.stringify({ inputs: { text: 'again' } });
    const streamRequest =
      `POST /v1/skills/text.shout/execute/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const health = 'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
    const result = await exchange(Number(new URL(listening.url).port), sendAll(streamRequest + health));
    expect(result.closedByServer).toBe(true);
    const [first = '', second = ''] = result.received.split(/(?=HTTP\/1\.1 200 OK\r\n)/).filter((part) => part !== '');
    expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(first).toMatch(/\r\ntransfer-encoding: chunked\r\n/i);
    // The last chunk carries done; the zero-length chunk follows at once.
    expect(first).toMatch(/event: done\ndata: [^\n]+\nid: 5\n\n\r\n0\r\n\r\n$/);
    expect(second).toMatch(/"status":"ok"/);
  });

  it('closes the connection after done for an HTTP/1.0 client (its body ends at the close)', async () => {
    const body = JSON.stringify({ inputs: { text: 'old' } });
    const result = await exchange(
      Number(new URL(listening.url).port),
      sendAll(`POST /v1/skills/text.shout/execute/stream HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`),
      { timeoutMs: 5000 },
    );
    expect(result.closedByServer).toBe(true);
    expect(result.elapsedMs).toBeLessThan(10_000);
    const headEnd = result.received.indexOf('\r\n\r\n');
    expect(result.received.slice(0, headEnd)).not.toMatch(/transfer-encoding/i);
    const sseBody = Buffer.from(result.received.slice(headEnd + 4), 'latin1');
    const events = expectExactFraming(sseBody);
    expect(events.at(-1)).toMatchObject({ type: 'done', data: { outputs: { text: 'OLD' } } });
    expect(sseBody.toString('utf8')).toMatch(/event: done\ndata: [^\n]+\nid: 5\n\n$/);
  });
});
