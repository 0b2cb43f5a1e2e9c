/*
 * "Where the time goes": the service run from its sources (`apps/server/src/main.ts` under tsx, with
 * the built server's arguments and environment) with `--cpu-prof`, pinned like the others, under
 * sync-execute load: a warm-up, then measured windows back to back, each with its server CPU time
 * per request read from /proc. SIGINT then stops it, and node writes the profile as it exits. Each
 * sample of the windows is given to a layer (profile-layers.ts); a layer's µs per request is its
 * share of the sampled time × the median of the windows' CPU per request. Each window follows one
 * of the Express echo, whose CPU per request says how fast the machine was meanwhile. The figures of
 * a commit before optimisation are kept in tools/bench/baselines and shown next to a fresh run's.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pinnedCommand, type Pinning } from './cpu-pinning.js';
import { cpuTicks, ROOT, startChild, stopChild } from './child-process.js';
import type { LoadGenerator, LoadTarget } from './load-generator.js';
import { attribute, layerShares, mergeAttributions, relativeUrl, type CpuProfile, type SelfTime } from './profile-layers.js';
import { cpuMicrosPerRequest } from './proc-stat.js';
import { median, type TopFunction, type WhereTheTimeGoes } from './report.js';
import { waitHealthy } from './http-client.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const BEFORE_FILE = join(ROOT, 'tools/bench/baselines/where-the-time-goes-before.json');
const SOURCE_MAIN = join(ROOT, 'apps/server/src/main.ts');
const ROOT_URL = pathToFileURL(ROOT).href;
/** Functions listed by self time. */
export const TOP_FUNCTIONS = 25;

export interface ProfileRun {
  readonly serverArgs: readonly string[];
  readonly serverEnv: Record<string, string>;
  /** The sync execute request (its origin is filled in once the server listens). */
  readonly target: Omit<LoadTarget, 'origin'>;
  readonly scenario: string;
  /**
   * The Express echo (node arguments and its request), measured in turn with the profiled windows:
   * its CPU per request at the same time says how fast the machine was, so two runs' figures can
   * be compared through their ratio to it.
   */
  readonly echo: { readonly args: readonly string[]; readonly target: Omit<LoadTarget, 'origin'> };
  readonly seconds: number;
  /** Measured windows back to back: layer shares pool their samples, CPU per request is their median. */
  readonly windows: number;
  readonly warmupSeconds: number;
  readonly connections: number;
  readonly clockTicks: number;
}

/** What the figures' service code is: directories whose changes make it another service. */
const SERVICE_PATHS = ['apps', 'libs', 'registry', 'package-lock.json'];

/**
 * The commit whose service code was measured (short): the main commit this checkout is based on
 * when HEAD's service code is the same as there (a branch that changed only the bench), else HEAD;
 * `+changes` when apps/, libs/ or registry/ have uncommitted changes.
 */
export function currentCommit(): string {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const head = git('rev-parse', '--short', 'HEAD');
    let commit = head;
    try {
      const base = git('merge-base', 'HEAD', 'main');
      if (git('diff', '--name-only', base, 'HEAD', '--', ...SERVICE_PATHS) === '') commit = git('rev-parse', '--short', base);
    } catch {
      // No main branch here: HEAD names it.
    }
    return git('status', '--porcelain', '--', ...SERVICE_PATHS) === '' ? commit : `${commit}+changes`;
  } catch {
    return 'unknown';
  }
}

/** 1-based source lines of tsx-compiled positions, from a child with the same loader (source-lines.ts). */
async function sourceLines(positions: readonly { url: string; line: number; column: number }[]): Promise<(number | null)[]> {
  if (positions.length === 0) return [];
  const child = spawn(process.execPath, ['--conditions=@skill-service/source', '--import', 'tsx', '--enable-source-maps', join(HERE, 'source-lines.ts')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stdin.end(JSON.stringify(positions));
  const code = await new Promise<number | null>((resolvePromise) => child.once('exit', resolvePromise));
  try {
    const lines = JSON.parse(out) as (number | null)[];
    if (code === 0 && lines.length === positions.length) return lines;
  } catch {
    // reported below
  }
  process.stderr.write(`  source lines unavailable (source-lines.ts exited with ${String(code)})\n`);
  return positions.map(() => null);
}

/** `libs/engine/src/x.ts:42`, `node_modules/router/index.js:189`, `node:_http_outgoing:653`, `(native)`. */
async function topFunctions(bySelf: readonly SelfTime[], busyMicros: number, cpuPerRequest: number): Promise<TopFunction[]> {
  const top = bySelf.slice(0, TOP_FUNCTIONS);
  const compiled = top.filter(({ frame }) => frame.url.startsWith('file:') && frame.url.endsWith('.ts'));
  const lines = await sourceLines(compiled.map(({ frame }) => ({ url: frame.url, line: frame.lineNumber, column: frame.columnNumber })));
  const lineOf = new Map(compiled.map((entry, index) => [entry, lines[index] ?? null]));
  return top.map((entry) => {
    const { frame, micros } = entry;
    const path = relativeUrl(frame.url, ROOT_URL);
    const line = lineOf.has(entry) ? lineOf.get(entry) : frame.lineNumber + 1;
    const location = path === '' ? '(native)' : line === null || line === undefined ? `${path} (col ${frame.columnNumber + 1})` : `${path}:${line}`;
    // V8 names a regular expression's code by its source, which can be long: its start says which.
    const name = frame.functionName === '' ? '(anonymous)' : frame.functionName.startsWith('RegExp: ') ? `${frame.functionName.slice(0, 40)}…` : frame.functionName;
    const share = busyMicros > 0 ? micros / busyMicros : 0;
    return { name, location, share, micros: share * cpuPerRequest };
  });
}

/** The main thread's profile of a process (node names it CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile; the loader's thread writes its own). */
async function mainThreadProfile(dir: string, pid: number | undefined): Promise<CpuProfile> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  const main = files.find((name) => name.split('.').at(-4) === String(pid) && name.split('.').at(-3) === '0');
  if (main === undefined) throw new Error(`no main-thread CPU profile of pid ${String(pid)} was written in ${dir} (found: ${files.join(', ') || 'none'})`);
  return JSON.parse(await readFile(join(dir, main), 'utf8')) as CpuProfile;
}

/** Monotonic µs, the clock of V8's profile timestamps. */
const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

export async function measureWhereTheTimeGoes(run: ProfileRun, generator: LoadGenerator, pinning: Pinning): Promise<WhereTheTimeGoes> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-profile-'));
  try {
    const pin = pinnedCommand(pinning, 'server', []);
    const args = ['--conditions=@skill-service/source', '--import', 'tsx', '--cpu-prof', '--cpu-prof-dir', dir, SOURCE_MAIN, ...run.serverArgs];
    const echo = await startChild(run.echo.args, {}, false, pin);
    const server = await startChild(args, run.serverEnv, false, pin).catch(async (error: unknown) => {
      await stopChild(echo.child);
      throw error;
    });
    const pid = server.child.pid;
    const windows: { from: number; to: number; requests: number; seconds: number; cpu: number }[] = [];
    const echoCpu: number[] = [];
    try {
      await waitHealthy(server.url);
      const target: LoadTarget = { ...run.target, origin: server.url };
      const echoTarget: LoadTarget = { ...run.echo.target, origin: echo.url };
      // A fresh process: the warm-up is at least 3 s, so the windows see optimised code.
      await generator.run(echoTarget, run.warmupSeconds, run.connections);
      await generator.run(target, Math.max(3, run.warmupSeconds), run.connections);
      for (let index = 0; index < run.windows; index++) {
        const echoBefore = await cpuTicks(echo.child.pid);
        const echoResult = await generator.run(echoTarget, run.seconds, run.connections);
        echoCpu.push(cpuMicrosPerRequest(echoBefore, await cpuTicks(echo.child.pid), run.clockTicks, echoResult.requests));
        const ticksBefore = await cpuTicks(pid);
        const from = monotonicMicros();
        const result = await generator.run(target, run.seconds, run.connections);
        const to = monotonicMicros();
        const ticksAfter = await cpuTicks(pid);
        if (result.failures > 0) throw new Error(`profiled sync execute: ${result.failures} failed requests`);
        windows.push({ from, to, requests: result.requests, seconds: result.durationSeconds, cpu: cpuMicrosPerRequest(ticksBefore, ticksAfter, run.clockTicks, result.requests) });
      }
    } finally {
      await stopChild(echo.child);
      // SIGINT: the service's own shutdown, then node writes the profile on exit.
      await stopChild(server.child, 'SIGINT', 60_000);
    }
    const profile = await mainThreadProfile(dir, pid);
    const attribution = mergeAttributions(windows.map((window) => attribute(profile, { fromMicros: window.from, toMicros: window.to }, ROOT_URL)));
    if (attribution.samples === 0) throw new Error('the CPU profile has no sample in the measured windows');
    const cpu = median(windows.map((window) => window.cpu));
    const requests = windows.reduce((sum, window) => sum + window.requests, 0);
    const seconds = windows.reduce((sum, window) => sum + window.seconds, 0);
    return {
      commit: currentCommit(),
      date: new Date().toISOString(),
      scenario: run.scenario,
      seconds,
      windows: windows.length,
      requests,
      requestsPerSecond: requests / seconds,
      cpuMicrosPerRequest: cpu,
      cpuMicrosPerRequestRange: [Math.min(...windows.map((window) => window.cpu)), Math.max(...windows.map((window) => window.cpu))],
      echoCpuMicrosPerRequest: median(echoCpu),
      sampledMs: attribution.busyMicros / 1000,
      samples: attribution.samples,
      layers: layerShares(attribution, cpu),
      top: await topFunctions(attribution.bySelf, attribution.busyMicros, cpu),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The stored figures of the commit before optimisation, or undefined when none were recorded. */
export async function readBefore(): Promise<WhereTheTimeGoes | undefined> {
  let text: string;
  try {
    text = await readFile(BEFORE_FILE, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as WhereTheTimeGoes;
}

export async function writeBefore(figures: WhereTheTimeGoes): Promise<void> {
  await mkdir(dirname(BEFORE_FILE), { recursive: true });
  await writeFile(BEFORE_FILE, `${JSON.stringify(figures, null, 2)}\n`);
}
