// Authentication, limits and an auth plugin in the built server (apps/server/dist/main.js, built
// before these tests by the `test` target's dependency on `build`), configured by flags and env.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from './testing/test-server.js';

jest.setTimeout(30_000);

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+) /;

interface Started {
  readonly child: ChildProcess;
  readonly stderr: string[];
  readonly exit: Promise<number | null>;
}

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(args: string[], env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, [MAIN, '--port', '0', ...args], {
    cwd: '/',
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  const stderr: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    stderr.push(...lines);
  });
  return { child, stderr, exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

async function urlOf(started: Started): Promise<string> {
  await waitFor('the startup line', () => started.stderr.some((line) => LISTENING.test(line)) || started.child.exitCode !== null);
  const url = LISTENING.exec(started.stderr.find((line) => LISTENING.test(line)) ?? '')?.[1];
  if (url === undefined) throw new Error(`the server did not start: ${started.stderr.join('\n')}`);
  return url;
}

const status = async (url: string, headers: Record<string, string> = {}): Promise<number> => (await fetch(url, { headers })).status;

describe('the built server', () => {
  it('passes the customer HTTP controls: health public, 401 without key, 403 wrong key, 429 on the 4th request at 3 per 2 s', async () => {
    const started = run(['--api-key', 'controls-key', '--rate-limit-requests', '3', '--rate-limit-window-seconds', '2']);
    const url = await urlOf(started);
    expect(await status(`${url}/v1/health`)).toBe(200);
    expect(await status(`${url}/v1/skills/list`)).toBe(401);
    expect(await status(`${url}/v1/skills/list`, { 'x-api-key': 'wrong' })).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await status(`${url}/v1/skills/list`, { Authorization: 'Bearer controls-key' }));
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${url}/v1/skills/list`, { headers: { 'x-api-key': 'controls-key' } });
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('loads an enabled auth plugin from the checkout and authenticates with it (RBAC)', async () => {
    const started = run(['--api-key', 'admin-key', '--auth-plugin', 'forwarded-user', '--trust-proxy', '127.0.0.1,::1'], { SERVICE_RBAC: '1' });
    const url = await urlOf(started);
    expect(await status(`${url}/v1/runs`, { 'X-Forwarded-User': 'alice', 'X-Forwarded-Role': 'operator' })).toBe(200);
    expect(await status(`${url}/v1/runs`, { 'X-Forwarded-User': 'bob' })).toBe(403);
    expect(await status(`${url}/v1/runs`)).toBe(401);
    expect(await status(`${url}/v1/unknown`, { 'x-api-key': 'admin-key' })).toBe(404);
  });

  it('exits 2 naming a plugin no installed package declares', async () => {
    const started = run(['--auth-plugin', 'no-such-plugin'], { SERVICE_RBAC: '1' });
    expect(await started.exit).toBe(2);
    expect(started.stderr.join('\n')).toMatch(/^skill-server: cannot start: auth plugin 'no-such-plugin': no installed package declares it/);
  });

  it('exits 2 for a JWT secret without RBAC', async () => {
    const started = run([], { SERVICE_JWT_SECRET: 'x'.repeat(40) });
    expect(await started.exit).toBe(2);
    expect(started.stderr).toEqual(['skill-server: SERVICE_JWT_SECRET needs SERVICE_RBAC=1 (the legacy mode has one API key and no roles) (see --help)']);
  });
});
