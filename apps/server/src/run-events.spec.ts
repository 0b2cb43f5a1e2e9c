// GET /v1/runs/{run_id}/events and streams recorded as runs, on real sockets, with the state in
// memory: replay, resume after an id without gap or duplicate, live following, bad input, and a
// stream whose run outlives its connection.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SkillService } from '@skill-service/service';
import { idsOf, readEvents, readUntil } from './testing/run-event-stream.js';
import { exactStream } from './testing/sse-frames.js';
import { gateFolder, listen, openTestService, testApp, waitFor, type Listening } from './testing/test-server.js';

jest.setTimeout(60_000);

const opened: { service: SkillService; listening: Listening }[] = [];

async function server(): Promise<{ url: string; service: SkillService }> {
  const service = await openTestService();
  const listening = await listen(testApp(service).app);
  opened.push({ service, listening });
  return { url: listening.url, service };
}

afterEach(async () => {
  for (const { service, listening } of opened.splice(0)) {
    await listening.close();
    await service.close();
  }
});

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function record(url: string, runId: string): Promise<Record<string, unknown>> {
  const answer = await fetch(`${url}/v1/runs/${runId}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

async function settled(url: string, runId: string): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> = {};
  await waitFor(`run ${runId} to settle`, async () => {
    found = await record(url, runId);
    return found['status'] !== 'running';
  });
  return found;
}

async function launch(url: string, skill: string, inputs: Record<string, unknown>): Promise<string> {
  const answer = await post(`${url}/v1/skills/${skill}/execute/async`, { inputs });
  expect(answer.status).toBe(202);
  return ((await answer.json()) as { run_id: string }).run_id;
}

describe('GET /v1/runs/{run_id}/events', () => {
  it('replays a finished async run from its first event to its done, which carries the run’s result', async () => {
    const { url } = await server();
    const runId = await launch(url, 'math.sum', { a: 20, b: 22 });
    const finished = await settled(url, runId);
    const answer = await fetch(`${url}/v1/runs/${runId}/events`, { signal: AbortSignal.timeout(30_000) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    const stream = exactStream(await answer.text());
    // Canonical frames with ids 1, 2, 3… in order.
    expect(stream.frames).toEqual(stream.rebuilt);
    const types = stream.events.map((event) => event.type);
    expect(types[0]).toBe('skill_start');
    expect(types).toContain('step_start');
    expect(types.at(-1)).toBe('done');
    expect(types.filter((type) => type === 'done')).toHaveLength(1);
    expect(stream.events.at(-1)?.data).toEqual(finished['result']);
  });

  it('resumes right after Last-Event-ID or ?last_event_id= (the header wins), with no gap and no duplicate', async () => {
    const { url } = await server();
    const runId = await launch(url, 'math.sum', { a: 1, b: 2 });
    await settled(url, runId);
    const all = await readEvents(`${url}/v1/runs/${runId}/events`);
    const last = all.events.length;
    expect(last).toBeGreaterThanOrEqual(3);
    for (let after = 0; after <= last; after += 1) {
      const resumed = await readEvents(`${url}/v1/runs/${runId}/events`, { 'Last-Event-ID': String(after) });
      expect(resumed.status).toBe(200);
      expect(resumed.events).toEqual(all.events.slice(after));
    }
    const byQuery = await readEvents(`${url}/v1/runs/${runId}/events?last_event_id=2`);
    expect(byQuery.events).toEqual(all.events.slice(2));
    const both = await readEvents(`${url}/v1/runs/${runId}/events?last_event_id=1`, { 'Last-Event-ID': String(last - 1) });
    expect(both.events).toEqual(all.events.slice(last - 1));
  });

  it('follows a running run live until done, and a client resuming mid-run misses nothing', async () => {
    const { url } = await server();
    const gates = await gateFolder();
    const runId = await launch(url, 'test.wait', { gate_dir: gates, name: 'live' });
    const first = await readUntil(`${url}/v1/runs/${runId}/events`, {}, (events) => events.some((event) => event.type === 'step_start'));
    expect(first.status).toBe(200);
    expect(idsOf(first.events)).toEqual(first.events.map((_, i) => i + 1));
    const seen = first.events.length;
    // A follower still connected when the run goes on…
    const following = readEvents(`${url}/v1/runs/${runId}/events`, { 'Last-Event-ID': String(seen) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await record(url, runId))['status']).toBe('running');
    await writeFile(join(gates, 'live.release'), '');
    const rest = await following;
    expect(rest.status).toBe(200);
    expect(rest.events.at(-1)?.type).toBe('done');
    expect(idsOf(rest.events)).toEqual(rest.events.map((_, i) => seen + i + 1));
    // …sees exactly what a full replay has after the id it gave.
    const replay = await readEvents(`${url}/v1/runs/${runId}/events`);
    expect([...first.events, ...rest.events]).toEqual(replay.events);
    expect((await record(url, runId))['status']).toBe('completed');
  });

  it('answers bad input with contract errors: a non-numeric id 400, an unknown run 404, an id beyond a finished run’s last 400', async () => {
    const { url } = await server();
    const runId = await launch(url, 'math.sum', { a: 1, b: 1 });
    await settled(url, runId);
    const last = (await readEvents(`${url}/v1/runs/${runId}/events`)).events.length;
    for (const bad of ['abc', '-1', '1.5', '0x10', '99999999999999999999']) {
      const answer = await readEvents(`${url}/v1/runs/${runId}/events`, { 'Last-Event-ID': bad });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'invalid_request' } });
    }
    const badQuery = await readEvents(`${url}/v1/runs/${runId}/events?last_event_id=x`);
    expect(badQuery.status).toBe(400);
    const unknown = await readEvents(`${url}/v1/runs/no-such-run/events`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: { code: 'not_found' } });
    const future = await readEvents(`${url}/v1/runs/${runId}/events`, { 'Last-Event-ID': String(last + 1) });
    expect(future.status).toBe(400);
    expect(JSON.parse(future.text)).toMatchObject({ error: { code: 'invalid_request', message: expect.stringContaining('beyond the last event') } });
    // Exactly the last id: nothing left, the answer ends at once.
    const atEnd = await readEvents(`${url}/v1/runs/${runId}/events`, { 'Last-Event-ID': String(last) }, 10_000);
    expect(atEnd.status).toBe(200);
    expect(atEnd.events).toEqual([]);
  });
});

describe('POST /v1/skills/{skill_id}/execute/stream recorded as a run', () => {
  it('answers X-Run-Id; the run’s record and events are the stream’s, ids included', async () => {
    const { url } = await server();
    const answer = await fetch(`${url}/v1/skills/math.sum/execute/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trace-id': 'stream-run-1' },
      body: JSON.stringify({ inputs: { a: 2, b: 3 } }),
    });
    expect(answer.status).toBe(200);
    const runId = answer.headers.get('x-run-id');
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    const streamed = exactStream(await answer.text());
    expect(streamed.frames).toEqual(streamed.rebuilt);
    const finished = await settled(url, String(runId));
    expect(finished).toMatchObject({ run_id: runId, skill_id: 'math.sum', status: 'completed', trace_id: 'stream-run-1' });
    expect(finished['result']).toEqual(streamed.events.at(-1)?.data);
    const replay = await readEvents(`${url}/v1/runs/${runId}/events`);
    expect(replay.events).toEqual(streamed.events);
  });

  it('with on_disconnect "continue" the run finishes after the client drops, and the client picks it up from its last id', async () => {
    const { url } = await server();
    const gates = await gateFolder();
    const first = await readUntil(
      `${url}/v1/skills/test.wait/execute/stream`,
      { method: 'POST', body: { inputs: { gate_dir: gates, name: 'kept' }, on_disconnect: 'continue' } },
      (events) => events.some((event) => event.type === 'step_start'),
    );
    expect(first.status).toBe(200);
    const runId = String(first.headers.get('x-run-id'));
    // The client is gone; the run is not.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await record(url, runId))['status']).toBe('running');
    await writeFile(join(gates, 'kept.release'), '');
    const finished = await settled(url, runId);
    expect(finished['status']).toBe('completed');
    const lastSeen = Number(first.events.at(-1)?.id);
    const rest = await readEvents(`${url}/v1/runs/${runId}/events`, { 'Last-Event-ID': String(lastSeen) });
    expect(idsOf(rest.events)).toEqual(rest.events.map((_, i) => lastSeen + i + 1));
    expect(rest.events.at(-1)).toMatchObject({ type: 'done', data: finished['result'] as object });
  });

  it('by default a dropped client cancels the run: its record fails and its events end with that done', async () => {
    const { url } = await server();
    const gates = await gateFolder();
    const first = await readUntil(
      `${url}/v1/skills/test.wait/execute/stream`,
      { method: 'POST', body: { inputs: { gate_dir: gates, name: 'dropped' } } },
      (events) => events.some((event) => event.type === 'step_start'),
    );
    const runId = String(first.headers.get('x-run-id'));
    const finished = await settled(url, runId);
    expect(finished).toMatchObject({ status: 'failed', error: expect.any(String) });
    const events = await readEvents(`${url}/v1/runs/${runId}/events`);
    expect(events.events.at(-1)).toMatchObject({ type: 'done', data: { error: { message: expect.any(String) } } });
    expect(events.events.filter((event) => event.type === 'done')).toHaveLength(1);
  });

  it('refuses an unknown on_disconnect value with 400 and records no run', async () => {
    const { url } = await server();
    const answer = await post(`${url}/v1/skills/math.sum/execute/stream`, { inputs: { a: 1, b: 1 }, on_disconnect: 'linger' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-run-id')).toBeNull();
    expect(((await answer.json()) as Record<string, unknown>)['error']).toMatchObject({ code: 'invalid_request' });
    const runs = (await (await fetch(`${url}/v1/runs`)).json()) as { runs: unknown[] };
    expect(runs.runs).toEqual([]);
  });
});

describe('the API description', () => {
  it('describes the events route with Last-Event-ID and last_event_id, the stream’s X-Run-Id and on_disconnect', async () => {
    const { url } = await server();
    const document = (await (await fetch(`${url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
    };
    const events = document.paths['/v1/runs/{run_id}/events']?.['get'];
    expect(events?.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(
      expect.arrayContaining(['path run_id', 'query last_event_id', 'header Last-Event-ID']),
    );
    expect(Object.keys(events?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404']));
    const stream = document.paths['/v1/skills/{skill_id}/execute/stream']?.['post'];
    expect(stream?.responses['200']?.headers).toHaveProperty('X-Run-Id');
    const request = Object.entries(document.components.schemas).find(([name]) => name.startsWith('SkillStreamRequest'))?.[1];
    expect(request?.properties?.['on_disconnect']?.enum).toEqual(['cancel', 'continue']);
  });
});
