import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { SkillService } from '@skill-service/service';
import { SECURITY_HEADERS } from './security-headers.js';
import { describeProcess, isAlive } from './testing/process-alive.js';
import { gateFolder, listen, openTestService, readSse, testApp, waitFor, type Listening } from './testing/test-server.js';

jest.setTimeout(30_000);

let service: SkillService;
let listening: Listening;

beforeAll(async () => {
  service = await openTestService();
  listening = await listen(testApp(service, { heartbeatMs: 50 }).app);
});

afterAll(async () => {
  await listening.close();
  await service.close();
});

const streamPath = (skillId: string): string => `${listening.url}/v1/skills/${skillId}/execute/stream`;

describe('POST /v1/skills/{skill_id}/execute/stream', () => {
  it('streams LF-framed events with sequence ids, ends after done, and done equals the sync result', async () => {
    const stream = await readSse(streamPath('text.shout'), { inputs: { text: 'loud' } }, { headers: { 'x-trace-id': 'sse-1' } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('cache-control')).toBe('no-cache');
    expect(stream.headers.get('connection')).toBe('keep-alive');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (name !== 'Cache-Control') expect(stream.headers.get(name)).toBe(value);
    expect(stream.headers.get('x-trace-id')).toBe('sse-1');
    expect(stream.rest).toBe('');
    expect(stream.blocks.join('')).not.toContain('\r');

    expect(stream.events.map((event) => event.type)).toEqual(['skill_start', 'step_start', 'step_completed', 'skill_completed', 'done']);
    expect(stream.events.map((event) => event.id)).toEqual(['1', '2', '3', '4', '5']);
    const frame = stream.blocks.find((block) => block.startsWith('event: step_completed'));
    expect(frame).toMatch(/^event: step_completed\ndata: \{.*\}\nid: 3$/);
    const completed = stream.events[2]?.data as { step_id: string; trace_id: string; data: { produced_output: unknown } };
    expect(completed).toMatchObject({ step_id: 'upper', trace_id: 'sse-1', data: { produced_output: { text: 'LOUD' } } });

    const sync = await fetch(`${listening.url}/v1/skills/text.shout/execute`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-trace-id': 'sse-1' },
      body: JSON.stringify({ inputs: { text: 'loud' } }),
    });
    expect(stream.events.at(-1)?.data).toEqual(await sync.json());
  });

  it('streams step_failed, then done carrying the error payload of the sync answer', async () => {
    const stream = await readSse(streamPath('text.shout-then-fail'), { inputs: { text: 'x' }, trace_id: 'sse-fail' });
    expect(stream.status).toBe(200);
    const types = stream.events.map((event) => event.type);
    expect(types.indexOf('step_failed')).toBeGreaterThan(-1);
    expect(types.indexOf('step_failed')).toBeLessThan(types.indexOf('done'));
    expect(types).not.toContain('skill_completed');
    expect(types.at(-1)).toBe('done');
    const failed = stream.events.find((event) => event.type === 'step_failed')?.data as { step_id: string; data: { error: { code: string } } };
    expect(failed).toMatchObject({ step_id: 'explode', data: { error: { code: 'upstream_failure' } } });

    const sync = await fetch(`${listening.url}/v1/skills/text.shout-then-fail/execute`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ inputs: { text: 'x' }, trace_id: 'sse-fail' }),
    });
    expect(sync.status).toBe(502);
    expect(stream.events.at(-1)?.data).toEqual(await sync.json());
  });

  it.each([
    ['an unknown skill', 'no.such', { inputs: {} }, 404],
    ['bad inputs', 'text.shout', { inputs: { text: 1 } }, 400],
    ['a bad body', 'text.shout', { inputs: { text: 'a' }, include_trace: true, audit_mode: 'nope' }, 400],
  ])('answers %s with a JSON error before any stream', async (_what, skillId, body, status) => {
    const response = await fetch(streamPath(skillId), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(status === 404 ? 'not_found' : 'invalid_request');
  });

  it('sends `: ping` heartbeats while a step runs', async () => {
    const gates = await gateFolder();
    const reading = readSse(streamPath('test.wait'), { inputs: { gate_dir: gates, name: 'beat' } });
    await waitFor('the held call to start', () => readFile(join(gates, 'beat.started')).then(() => true, () => false));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await writeFile(join(gates, 'beat.release'), '');
    const stream = await reading;
    expect(stream.blocks.filter((block) => block === ': ping').length).toBeGreaterThanOrEqual(2);
    expect(stream.events.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed', outputs: { released: true } } });
  });

  it('cancels the run when the client disconnects: the invoked capability is aborted', async () => {
    const gates = await gateFolder();
    const url = new URL(streamPath('test.wait'));
    const client = httpRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    client.on('error', () => undefined);
    let received = '';
    client.on('response', (response) => response.on('data', (chunk: Buffer) => (received += chunk.toString())));
    client.end(JSON.stringify({ inputs: { gate_dir: gates, name: 'gone' } }));

    await waitFor('the held call to start', () => readFile(join(gates, 'gone.started')).then(() => true, () => false));
    const pid = Number(await readFile(join(gates, 'gone.started'), 'utf8'));
    expect(isAlive(pid)).toBe(true);
    expect(received).toContain('event: step_start');
    client.destroy();
    // The provider kills the worker running an aborted call: the function never finishes.
    await waitFor('the python worker of the cancelled call to be killed', () => !isAlive(pid), undefined, () => describeProcess(pid));
    expect(received).not.toContain('event: done');
  });
});
