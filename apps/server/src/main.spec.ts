// The built server (apps/server/dist/main.js, built before these tests by the `test` target's
// dependency on `build`), run as a process the way `npm start` runs it.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { LISTENING, logEntry, logMessage } from './testing/built-server.js';
import { waitFor } from './testing/test-server.js';

jest.setTimeout(30_000);

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

interface Started {
  readonly child: ChildProcess;
  readonly stderr: string[];
  readonly exit: Promise<number | null>;
}

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs the built server from another working directory: it must find its data from its own location. */
function run(args: string[], env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: '/',
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const stderr: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    stderr.push(...lines);
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr, exit };
}

async function urlOf(started: Started): Promise<string> {
  const listening = (line: string): boolean => LISTENING.test(logMessage(line) ?? '');
  await waitFor('the startup line', () => started.stderr.some(listening));
  return LISTENING.exec(logMessage(started.stderr.find(listening) ?? '') ?? '')?.[1] ?? '';
}

describe('the built server', () => {
  it('serves the built-in registry with no configuration, logging one startup line, and exits 0 on SIGTERM', async () => {
    const started = run(['--port', '0']);
    const url = await urlOf(started);
    expect(logEntry(started.stderr[0] ?? '')).toMatchObject({ level: 'info', logger: 'skill-server', message: expect.stringMatching(LISTENING) });
    const response = await fetch(`${url}/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
  });

  it('exits 0 on SIGINT too', async () => {
    const started = run(['--port', '0']);
    await urlOf(started);
    started.child.kill('SIGINT');
    expect(await started.exit).toBe(0);
  });

  it('finishes a request in flight after SIGTERM before exiting', async () => {
    const started = run(['--port', '0']);
    const url = new URL(`${await urlOf(started)}/v1/capabilities/no.such/explain`);
    const body = JSON.stringify({ required_conformance_profile: 'standard' });
    const answer = new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const client = httpRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode, body: text }));
      });
      client.on('error', reject);
      // Half the body now, the rest after the signal: the request is in flight while draining.
      client.write(body.slice(0, 10));
      setTimeout(() => {
        started.child.kill('SIGTERM');
        setTimeout(() => client.end(body.slice(10)), 300);
      }, 200);
    });
    const { status, body: text } = await answer;
    expect(status).toBe(404);
    expect(JSON.parse(text).error.code).toBe('not_found');
    expect(await started.exit).toBe(0);
  });

  it.each([
    [['--port', 'nope'], "skill-server: --port must be an integer from 0 to 65535, got 'nope' (see --help)"],
    [['--registry-root', '/no/such/dir'], "skill-server: --registry-root is not a directory: '/no/such/dir' (see --help)"],
  ])('exits 2 with one line for %j', async (args, line) => {
    const started = run(args);
    expect(await started.exit).toBe(2);
    expect(started.stderr).toEqual([line]);
  });

  it('exits 2 for an invalid environment value', async () => {
    const started = run(['--port', '0'], { SERVICE_ASYNC_WORKERS: '-1' });
    expect(await started.exit).toBe(2);
    expect(started.stderr).toEqual(["skill-server: SERVICE_ASYNC_WORKERS must be an integer from 1 to 256, got '-1' (see --help)"]);
  });
});
