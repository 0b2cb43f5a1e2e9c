// Shared by the specs: the built server (apps/server/dist/main.js, built before the tests by the
// `test` target's dependency on `build`) run as a child process over the fixture registry.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIXTURE_FLAGS, PYTHON_MODULES_DIR, waitFor } from './test-server.js';

export const BUILT_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
/** The message of the startup log line. */
export const LISTENING = /^skill-server \S+ listening on (http:\/\/127\.0\.0\.1:(\d+)) \((\d+) skills\)$/;

/** A JSON log line of the server as an object; undefined for a plain line (a usage error). */
export function logEntry(line: string): Record<string, unknown> | undefined {
  try {
    const entry: unknown = JSON.parse(line);
    return typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The `message` of a JSON log line. */
export function logMessage(line: string): string | undefined {
  const message = logEntry(line)?.['message'];
  return typeof message === 'string' ? message : undefined;
}

const isListening = (line: string): boolean => LISTENING.test(logMessage(line) ?? '');

/** A built server process, started but not necessarily listening (it may be refusing its config). */
export interface SpawnedServer {
  readonly child: ChildProcess;
  /** stderr, line by line, as it arrives. */
  readonly stderr: string[];
  /** The exit code (null when killed by a signal). */
  readonly exit: Promise<number | null>;
}

export interface BuiltServer extends SpawnedServer {
  readonly url: string;
  readonly port: number;
}

const running = new Set<ChildProcess>();

/**
 * Spawns the built server on a free port with these flags, from another working directory and
 * with a minimal environment (PATH plus `env`); see `listeningOn` to wait for it.
 */
export function spawnBuiltServer(args: readonly string[], env: Record<string, string> = {}): SpawnedServer {
  const child = spawn(process.execPath, [BUILT_MAIN, '--port', '0', ...args], {
    cwd: '/',
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  const stderr: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    stderr.push(...lines);
  });
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, stderr, exit };
}

/** Waits for the startup log line and reads the URL from it; throws with stderr if the server exits first. */
export async function listeningOn(server: SpawnedServer): Promise<{ url: string; port: number }> {
  const { child, stderr } = server;
  await waitFor(`the startup line (stderr so far: ${JSON.stringify(stderr)})`, () => stderr.some(isListening) || child.exitCode !== null);
  const match = LISTENING.exec(logMessage(stderr.find(isListening) ?? '') ?? '');
  if (match === null) throw new Error(`the built server did not start: ${stderr.join('\n')}`);
  return { url: match[1] ?? '', port: Number(match[2]) };
}

/** Starts the built server over the fixture registry and runtime, and waits until it listens. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const server = spawnBuiltServer(FIXTURE_FLAGS, { PYTHONPATH: PYTHON_MODULES_DIR, SERVICE_PYTHON_WORKERS: '2', ...env });
  return { ...server, ...(await listeningOn(server)) };
}

/** For afterEach: kills whatever a failed test left running. */
export function killBuiltServers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** The resident memory of a process in bytes (Linux /proc), undefined elsewhere. */
export function residentBytes(pid: number): number | undefined {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}
