// Shared by the parity spec: the built HTTP server (apps/server/dist/main.js, built before the tests by
// the `test` target's dependency on the server's `build`) as a child process on a free port. An app may
// not import another app, so the server is run, not imported.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testEnvironment } from './bridge-fixture.js';
import { waitFor } from './built-bridge.js';

export const BUILT_SERVER = fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url));
// Plain or inside a JSON log line: whichever way the server logs its start.
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

export interface BuiltServer {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the built server over the built-in registry with this environment; resolves once it listens. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const child = spawn(process.execPath, [BUILT_SERVER, '--port', '0', '--host', '127.0.0.1'], { cwd: '/', env: testEnvironment(env), stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(...chunk.toString('utf8').split('\n')));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  await waitFor(`the server's listening line (stderr: ${stderr.join(' | ')})`, () => stderr.some((line) => LISTENING.test(line)) || child.exitCode !== null);
  const url = LISTENING.exec(stderr.find((line) => LISTENING.test(line)) ?? '')?.[1];
  if (url === undefined) throw new Error(`the built server did not start: ${stderr.join('\n')}`);
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
