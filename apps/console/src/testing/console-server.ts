// The browser specs' server: the real built server (apps/server/dist/main.js, built with the
// console by the `test` target's dependencies) on a free port, serving the console fixtures.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = `${REPO_ROOT}apps/server/dist/main.js`;
export const CONSOLE_DIST = `${REPO_ROOT}apps/console/dist`;
const FIXTURES = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
export const FIXTURE_FLAGS = ['--registry-root', `${FIXTURES}registry`, '--runtime-root', `${FIXTURES}runtime`];
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:(\d+))/;

export interface ConsoleServer {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  readonly stderr: string[];
  stop(): Promise<void>;
}

export interface ServerSetup {
  readonly args?: readonly string[];
  readonly env?: Record<string, string>;
  /** Default 0 (any free port); a restart passes the port it had. */
  readonly port?: number;
}

/** Starts the built server over the fixtures (a generous rate limit unless `args` set one). */
export async function startConsoleServer(setup: ServerSetup = {}): Promise<ConsoleServer> {
  if (!existsSync(SERVER_MAIN) || !existsSync(CONSOLE_DIST)) throw new Error('build the server and the console first (the test target does)');
  const args = setup.args ?? [];
  const limit = args.includes('--rate-limit-requests') ? [] : ['--rate-limit-requests', '100000'];
  const child = spawn(process.execPath, [SERVER_MAIN, '--port', String(setup.port ?? 0), ...FIXTURE_FLAGS, ...limit, ...args], {
    cwd: '/',
    env: { PATH: process.env['PATH'] ?? '', PYTHONPATH: `${REPO_ROOT}services/python`, SERVICE_PYTHON_WORKERS: '4', ...setup.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let partial = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        stderr.push(line);
        const match = LISTENING.exec(line);
        if (match?.[1] !== undefined) resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${String(code)}) before listening:\n${stderr.join('\n')}`)));
  });
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    child,
    stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
