/*
 * Child processes of the benchmarks (the echo baselines, the built server): spawned with stderr
 * piped (under `taskset` when pinned), "listening on http://…" awaited, stopped with SIGTERM
 * (SIGKILL after 5 s), and their memory and CPU time read from /proc. Every child is remembered,
 * so a run can kill what it started on exit.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCpuTicks } from './proc-stat.js';
import { parseStatusMb } from './report.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BUILT_DIST = join(ROOT, 'apps/server/dist');
/** The built server is copied here first, so a rebuild running meanwhile cannot pull it from under a run. */
const COPIED_DIST = join(ROOT, 'tools/bench/out-tsc/server/dist');

/** Children still running. */
export const children = new Set<ChildProcess>();

export interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  /** Every stderr line seen until now (kept only while `keepStderr`). */
  readonly stderr: string[];
}

/**
 * Spawns `node <args>` (after `prefix`, e.g. `taskset -c 1`, which execs node in the same process)
 * and resolves once it prints `listening on http://…` on stderr (the server's JSON log line or the
 * echo's plain line). Later stderr is drained and dropped unless `keepStderr`.
 */
export function startChild(args: readonly string[], env: Record<string, string> = {}, keepStderr = false, prefix: readonly string[] = []): Promise<Started> {
  const [command = process.execPath, ...commandArgs] = [...prefix, process.execPath, ...args];
  const child = spawn(command, commandArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const stderr: string[] = [];
  return new Promise((resolvePromise, reject) => {
    let text = '';
    let listening = false;
    const timer = setTimeout(() => reject(new Error(`no 'listening on' within 30 s from ${args.join(' ')}:\n${text}`)), 30_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (keepStderr || !listening) {
        text += chunk;
        const lines = text.split('\n');
        text = lines.pop() ?? '';
        stderr.push(...lines);
      }
      if (listening) return;
      const match = stderr.map((line) => /listening on (http:\/\/[^\s"]+)/.exec(line)).find((found) => found !== null);
      if (match?.[1] !== undefined) {
        listening = true;
        clearTimeout(timer);
        resolvePromise({ child, url: match[1], stderr });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!listening) reject(new Error(`${args.join(' ')} exited with ${String(code)} before listening:\n${stderr.join('\n')}${text}`));
    });
  });
}

/** SIGTERM (or `signal`), then SIGKILL after `graceMs`; resolves with the exit code (null when killed by a signal). */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolvePromise) => child.once('exit', (code) => resolvePromise(code)));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/** A `/proc/<pid>/status` field in MiB (VmRSS, RssAnon…); NaN once the process is gone. */
export function statusMb(pid: number | undefined, field = 'VmRSS'): Promise<number> {
  if (pid === undefined) return Promise.resolve(Number.NaN);
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (status) => parseStatusMb(status, field) ?? Number.NaN,
    () => Number.NaN,
  );
}

/** utime + stime of a process in clock ticks (see clockTicksPerSecond); NaN once it is gone. */
export function cpuTicks(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Promise.resolve(Number.NaN);
  return readFile(`/proc/${pid}/stat`, 'utf8').then(parseCpuTicks, () => Number.NaN);
}

/** The clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 when it cannot say). */
export function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

/**
 * Resolves once a process has used at most one clock tick in each of two consecutive 250 ms looks
 * (work it queued has run out), or after `timeoutMs`; resolves to whether it went idle.
 */
export async function waitIdle(pid: number | undefined, timeoutMs = 120_000): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  let last = await cpuTicks(pid);
  let quiet = 0;
  while (performance.now() < deadline) {
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
    const now = await cpuTicks(pid);
    if (Number.isNaN(now)) return true;
    quiet = now - last <= 1 ? quiet + 1 : 0;
    last = now;
    if (quiet >= 2) return true;
  }
  return false;
}

/**
 * Copies the built server (main.js and its lazily loaded chunks) out of apps/server/dist, waiting
 * for a build in progress to finish; returns the copied main.js. Its package.json goes one level
 * up, where the server reads its version.
 */
export async function copyBuiltServer(): Promise<string> {
  const main = join(BUILT_DIST, 'main.js');
  for (let waited = 0; ; waited += 500) {
    try {
      await readFile(main);
      break;
    } catch {
      if (waited >= 120_000) throw new Error(`${main} is missing: build it (npx nx run @skill-service/server:build)`);
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 500));
    }
  }
  await rm(COPIED_DIST, { recursive: true, force: true });
  await mkdir(COPIED_DIST, { recursive: true });
  await cp(BUILT_DIST, COPIED_DIST, { recursive: true });
  await cp(join(ROOT, 'apps/server/package.json'), join(COPIED_DIST, '../package.json'));
  return join(COPIED_DIST, 'main.js');
}

/** Kills every remaining child at once (Ctrl-C of a run). */
export function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}
