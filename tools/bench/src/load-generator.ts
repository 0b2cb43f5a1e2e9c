/*
 * The load generators of the throughput runs: wrk when it is installed (its own process, pinned to
 * the load CPU, 2 threads, figures from the JSON line of wrk-script.ts's `done`), autocannon in this
 * process otherwise. Both run one target for a number of seconds and answer the same figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { pinnedCommand, type Pinning } from './cpu-pinning.js';
import { children } from './child-process.js';
import { fixedRequestScript, malformedMixScript, type MalformedKind } from './wrk-script.js';
import { failuresOf, parseWrkOutput, type ResponseCount } from './wrk-result.js';

/** wrk's threads (fewer when there are fewer connections). */
export const WRK_THREADS = 2;

export interface LoadTarget {
  /** Origin of the server, e.g. `http://127.0.0.1:4100`. */
  readonly origin: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  /** Mixes malformed requests in (every `everyNth`, the kinds in turn); needs a body. */
  readonly malformed?: { readonly kinds: readonly MalformedKind[]; readonly everyNth: number };
}

export interface LoadResult {
  /** Answered requests, any status. */
  readonly requests: number;
  readonly durationSeconds: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Socket errors, timeouts and answers with a status ≥ 400. */
  readonly failures: number;
  /** Socket errors and timeouts alone. */
  readonly socketErrors: number;
  /** By kind and status, for a malformed mix; empty otherwise. */
  readonly responses: readonly ResponseCount[];
}

export interface LoadGenerator {
  /** `wrk 4.1.0 (2 threads)`, `autocannon 8.0.0`: what the report says was used. */
  readonly description: string;
  run(target: LoadTarget, seconds: number, connections: number): Promise<LoadResult>;
  close(): Promise<void>;
}

/** wrk's version line (`wrk debian/4.1.0-3+b2 [epoll] …`), or undefined when wrk cannot run. */
export function wrkVersion(): string | undefined {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (probe.error !== undefined) return undefined;
  const line = `${probe.stdout}${probe.stderr}`.split('\n')[0] ?? '';
  return line.startsWith('wrk') ? line.trim() : undefined;
}

function run(command: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command[0] as string, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      children.delete(child);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

export async function wrkGenerator(version: string, pinning: Pinning): Promise<LoadGenerator> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-wrk-'));
  const scripts = new Map<string, string>();
  const scriptFile = async (text: string): Promise<string> => {
    let file = scripts.get(text);
    if (file === undefined) {
      file = join(dir, `script-${scripts.size}.lua`);
      await writeFile(file, text);
      scripts.set(text, file);
    }
    return file;
  };
  const shortVersion = /(\d+\.\d+\.\d+)/.exec(version)?.[1] ?? version;
  return {
    description: `wrk ${shortVersion} (${WRK_THREADS} threads)`,
    async run(target, seconds, connections) {
      const { body, malformed } = target;
      const script =
        malformed === undefined
          ? fixedRequestScript({ method: target.method, path: target.path, ...(body === undefined ? {} : { body }) })
          : malformedMixScript({ method: 'POST', path: target.path, body: body ?? '' }, malformed.kinds, malformed.everyNth);
      // wrk takes whole seconds only.
      const duration = `${Math.max(1, Math.round(seconds))}s`;
      const threads = String(Math.min(WRK_THREADS, connections));
      const command = pinnedCommand(pinning, 'load', ['wrk', '-t', threads, '-c', String(connections), '-d', duration, '--timeout', '10s', '-s', await scriptFile(script), `${target.origin}${target.path}`]);
      const { code, stdout, stderr } = await run(command);
      if (code !== 0) throw new Error(`${command.join(' ')} exited with ${String(code)}:\n${stdout}${stderr}`);
      const result = parseWrkOutput(stdout);
      return {
        requests: result.requests,
        durationSeconds: result.durationSeconds,
        p50Ms: result.latencyMicros.p50 / 1000,
        p99Ms: result.latencyMicros.p99 / 1000,
        failures: failuresOf(result),
        socketErrors: result.errors.connect + result.errors.read + result.errors.write + result.errors.timeout,
        responses: result.responses,
      };
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

type AutocannonRequest = NonNullable<autocannon.Options['requests']>[number];

/**
 * autocannon's request sequence for a malformed mix: each connection cycles through it, so entry i
 * is malformed where the wrk script would send one; each entry counts its own answers.
 */
function autocannonMix(target: LoadTarget, counts: Map<string, ResponseCount>): AutocannonRequest[] {
  const { kinds, everyNth } = target.malformed ?? { kinds: [], everyNth: 1 };
  const count = (kind: string, status: number, contract: boolean): void => {
    const key = `${kind}|${status}|${contract}`;
    const known = counts.get(key);
    counts.set(key, { kind, status, contract, count: (known?.count ?? 0) + 1 });
  };
  const json = { 'content-type': 'application/json' };
  return Array.from({ length: everyNth * kinds.length }, (_, index): AutocannonRequest => {
    const kind = (index + 1) % everyNth === 0 ? kinds[Math.floor((index + 1) / everyNth) % kinds.length] : undefined;
    if (kind === undefined) return { method: 'POST', path: target.path, body: target.body ?? '', headers: json, onResponse: (status) => count('good', status, status === 200) };
    return {
      method: 'POST',
      path: kind.path,
      body: kind.body,
      headers: json,
      onResponse: (status, body) => count(kind.name, status, status === kind.expectedStatus && body.includes(`"code":"${kind.expectedCode}"`)),
    };
  });
}

/** autocannon in this process; `why` (e.g. `wrk not found`) goes into the report. */
export function autocannonGenerator(why: string): LoadGenerator {
  return {
    description: `autocannon (${why})`,
    async run(target, seconds, connections) {
      const counts = new Map<string, ResponseCount>();
      const { body } = target;
      const options: autocannon.Options = {
        url: `${target.origin}${target.path}`,
        method: target.method,
        connections,
        duration: seconds,
        ...(target.malformed !== undefined ? { requests: autocannonMix(target, counts) } : body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
      };
      const result = await autocannon(options);
      return {
        requests: result.requests.total,
        durationSeconds: result.duration,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        failures: result.errors + result.timeouts + result.non2xx,
        socketErrors: result.errors + result.timeouts,
        responses: [...counts.values()],
      };
    },
    close: () => Promise.resolve(),
  };
}
