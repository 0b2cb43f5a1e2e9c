import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

// The documented development command, run for real: tsx, the `@skill-service/source` condition, port 0.
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

function start(args: string[]) {
  const child = spawn(process.execPath, ['--conditions=@skill-service/source', '--import', 'tsx', main, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited, stderr: () => stderr };
}

describe('main', () => {
  it('listens, logs one line, serves, and exits 0 on SIGTERM', async () => {
    const run = start(['--port', '0']);
    const deadline = Date.now() + 20_000;
    while (!/listening on http:\/\/127\.0\.0\.1:\d+\n/.test(run.stderr()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const port = /:(\d+)\n/.exec(run.stderr())?.[1];
    expect(run.stderr()).toMatch(/^validation-provider listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const validation = await fetch(`http://127.0.0.1:${port}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: 1 }, schema: { properties: { name: { type: 'string' } } } }),
    });
    expect(await validation.json()).toEqual({ valid: false, errors: ['/name must be string'] });
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual([0, null]);
  }, 30_000);

  it('exits 2 with one line for an unknown flag', async () => {
    const run = start(['--bogus']);
    expect((await run.exited)[0]).toBe(2);
    expect(run.stderr()).toBe("validation-provider: Unknown option '--bogus' (see --help)\n");
  }, 30_000);
});
