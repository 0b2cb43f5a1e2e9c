/*
 * `npm run bench`: every benchmark in one run on this machine, then BENCHMARKS.md at the checkout root.
 *
 * In process (before any server runs): registry load and engine overhead. Then two child processes,
 * a bare Express 5 JSON echo server (the baseline) and the built service (`apps/server/dist/main.js`,
 * port 0), measured with autocannon from this process: req/s and p50/p99 of the echo, /v1/health,
 * sync execute of a 3-step built-in skill and a capability execute; SSE time to first event and to
 * `done` over sequential streams; async launch-to-completion throughput; the service's RSS idle and
 * under load; its startup time to healthy (median of several spawns). Every child is killed at the end.
 *
 *   npm run bench -- [--seconds 10] [--connections 20] [--streams 200] [--async-runs 500]
 *                    [--startups 5] [--engine-iterations 20000] [--output BENCHMARKS.md]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { cpus, platform, release, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { measureEngineOverhead } from './engine-overhead.js';
import { generateRegistryTree, timeLoads } from './registry-load.js';
import {
  median,
  parseArgs,
  parseVmRssMb,
  percentile,
  renderConsole,
  renderMarkdown,
  SseFrameReader,
  type AsyncFigures,
  type BenchOptions,
  type BenchReport,
  type RegistryFigure,
  type StreamFigures,
  type ThroughputRow,
} from './report.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const BUILT_SERVER = join(ROOT, 'apps/server/dist/main.js');
/** The built bundle is copied here first, so a rebuild running meanwhile cannot pull it from under the benchmark. */
const SERVER_MAIN = join(ROOT, 'tools/bench/out-tsc/server/dist/main.js');
const ECHO_MAIN = join(HERE, 'echo-server.ts');

/** A 3-step built-in skill (pick → transform → validate), all builtin bindings: no Python, no network. */
const SYNC_SKILL = 'data.normalize-signup';
const SKILL_BODY = JSON.stringify({
  inputs: { form: { Name: '  Lena Berg ', 'E-mail': ' Lena.Berg@Example.com', Age: '34', Newsletter: 'yes', contact: { country: 'es' } } },
});
const CAPABILITY = 'text.keyword.extract';
const CAPABILITY_BODY = JSON.stringify({
  inputs: { text: 'The engine schedules independent steps concurrently. Each capability resolves through a binding to a provider.' },
});
/** The service's rate limiter and run store raised out of the benchmark's way. */
const SERVER_ARGS = ['--port', '0', '--registry-root', join(ROOT, 'registry'), '--runtime-root', ROOT, '--rate-limit-requests', '1000000', '--rate-limit-window-seconds', '1'];
const SERVER_ENV = { SERVICE_MAX_RUNS: '1000000' };

const children = new Set<ChildProcess>();
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
}

/** Spawns a child and resolves once it prints `listening on http://…` on stderr. */
function startChild(args: readonly string[], env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolvePromise, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`no 'listening on' within 30 s from ${args.join(' ')}:\n${stderr}`)), 30_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        resolvePromise({ child, url: match[1] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${String(code)} before listening:\n${stderr}`));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

interface Answer {
  readonly status: number;
  readonly body: string;
}

function call(url: string, method: 'GET' | 'POST', body?: string): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method, agent, headers: body === undefined ? {} : { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

async function waitHealthy(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const answer = await call(`${url}/v1/health`, 'GET').catch(() => undefined);
    if (answer?.status === 200) return;
    await sleep(2);
  }
  throw new Error(`${url}/v1/health not 200 within ${timeoutMs} ms`);
}

function rssMb(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Promise.resolve(Number.NaN);
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (status) => parseVmRssMb(status) ?? Number.NaN,
    () => Number.NaN,
  );
}

/** Samples a process's RSS every 200 ms until stopped; resolves to the largest sample. */
function sampleRss(pid: number | undefined): () => Promise<number> {
  let max = Number.NaN;
  const take = (): void => {
    void rssMb(pid).then((mb) => {
      if (!(mb <= max)) max = mb;
    });
  };
  take();
  const timer = setInterval(take, 200);
  return async () => {
    clearInterval(timer);
    const last = await rssMb(pid);
    return Number.isNaN(max) || last > max ? last : max;
  };
}

async function cannon(name: string, url: string, options: BenchOptions, method: 'GET' | 'POST' = 'GET', body?: string): Promise<ThroughputRow> {
  const shared = { url, method, connections: options.connections, ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }) };
  await autocannon({ ...shared, amount: options.connections * 50 }); // warm-up
  const result = await autocannon({ ...shared, duration: options.seconds });
  process.stderr.write(`  ${name}: ${result.requests.average.toFixed(0)} req/s\n`);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

/** One SSE stream: ms from sending the request to the first event and to `done`. */
function oneStream(url: string, body: string): Promise<{ firstMs: number; doneMs: number }> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    let firstMs = Number.NaN;
    let doneMs = Number.NaN;
    const reader = new SseFrameReader();
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${String(res.statusCode)}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const events = reader.push(chunk);
        const now = performance.now() - started;
        if (events.length > 0 && Number.isNaN(firstMs)) firstMs = now;
        if (events.includes('done') && Number.isNaN(doneMs)) doneMs = now;
      });
      res.on('end', () => (Number.isNaN(doneMs) ? reject(new Error('stream ended without done')) : resolvePromise({ firstMs, doneMs })));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function streams(url: string, options: BenchOptions): Promise<StreamFigures> {
  const target = `${url}/v1/skills/${SYNC_SKILL}/execute/stream`;
  for (let i = 0; i < 20; i++) await oneStream(target, SKILL_BODY).catch(() => undefined); // warm-up
  const first: number[] = [];
  const done: number[] = [];
  let failures = 0;
  for (let i = 0; i < options.streams; i++) {
    try {
      const { firstMs, doneMs } = await oneStream(target, SKILL_BODY);
      first.push(firstMs);
      done.push(doneMs);
    } catch {
      failures++;
    }
  }
  return {
    streams: options.streams,
    firstEventP50Ms: percentile(first, 50),
    firstEventP99Ms: percentile(first, 99),
    doneP50Ms: percentile(done, 50),
    doneP99Ms: percentile(done, 99),
    failures,
  };
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

/** Launches N async runs, polls until every one finished; runs/s from first launch to last completion. */
async function asyncRuns(url: string, options: BenchOptions): Promise<AsyncFigures> {
  const launch = `${url}/v1/skills/${SYNC_SKILL}/execute/async`;
  const started = performance.now();
  const ids: string[] = [];
  let failed = 0;
  await pool(
    Array.from({ length: options.asyncRuns }, (_, i) => i),
    options.connections,
    async () => {
      const answer = await call(launch, 'POST', SKILL_BODY);
      const id = answer.status === 202 ? (JSON.parse(answer.body) as { run_id?: unknown }).run_id : undefined;
      if (typeof id === 'string') ids.push(id);
      else failed++;
    },
  );
  let pending = ids;
  let completed = 0;
  while (pending.length > 0) {
    const still: string[] = [];
    await pool(pending, options.connections, async (id) => {
      const answer = await call(`${url}/v1/runs/${id}`, 'GET');
      const status = answer.status === 200 ? (JSON.parse(answer.body) as { status?: unknown }).status : 'failed';
      if (status === 'completed') completed++;
      else if (status === 'running') still.push(id);
      else failed++;
    });
    pending = still;
    if (pending.length > 0) await sleep(5);
  }
  const seconds = (performance.now() - started) / 1000;
  return { runs: options.asyncRuns, completed, failed, seconds, runsPerSecond: completed / seconds };
}

async function startupTimes(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const spawned = performance.now();
    const { child, url } = await startChild([SERVER_MAIN, ...SERVER_ARGS], SERVER_ENV);
    await waitHealthy(url);
    times.push(performance.now() - spawned);
    await stopChild(child);
  }
  return times;
}

async function registryFigure(): Promise<RegistryFigure> {
  const size = { capabilities: 2000, skills: 500 };
  const dir = await mkdtemp(join(tmpdir(), 'registry-bench-'));
  try {
    const timing = await timeLoads(await generateRegistryTree(dir, size), 5);
    return { ...size, medianMs: timing.median, minMs: timing.min };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runBenchmarks(options: BenchOptions): Promise<BenchReport> {
  const log = (line: string): boolean => process.stderr.write(`${line}\n`);
  // A build in progress empties dist for a moment: wait for it rather than fail.
  for (let waited = 0; !existsSync(BUILT_SERVER); waited += 500) {
    if (waited >= 120_000) throw new Error(`${BUILT_SERVER} is missing: build it (npx nx run @skill-service/server:build)`);
    await sleep(500);
  }
  await mkdir(dirname(SERVER_MAIN), { recursive: true });
  await copyFile(BUILT_SERVER, SERVER_MAIN);
  await copyFile(join(ROOT, 'apps/server/package.json'), join(dirname(SERVER_MAIN), '../package.json'));

  log('registry load (2000 capabilities / 500 skills, 5 loads)…');
  const registry = await registryFigure();
  log(`engine overhead (${options.engineIterations} runs per scenario)…`);
  const engine = await measureEngineOverhead({ iterations: options.engineIterations });

  log(`startup to healthy (${options.startups} spawns)…`);
  const startupRuns = await startupTimes(options.startups);

  log('starting the echo baseline and the service…');
  const echo = await startChild([...process.execArgv, ECHO_MAIN, '--port', '0']);
  const server = await startChild([SERVER_MAIN, ...SERVER_ARGS], SERVER_ENV);
  await waitHealthy(server.url);
  await sleep(1000);
  const idleMb = await rssMb(server.child.pid);

  log(`throughput (${options.connections} connections, ${options.seconds} s each)…`);
  const throughput: ThroughputRow[] = [await cannon('echo baseline (Express 5)', `${echo.url}/echo`, options, 'POST', SKILL_BODY)];
  await stopChild(echo.child);
  const stopSampling = sampleRss(server.child.pid);
  throughput.push(await cannon('GET /v1/health', `${server.url}/v1/health`, options));
  const syncRowName = `sync execute ${SYNC_SKILL} (3 steps)`;
  throughput.push(await cannon(syncRowName, `${server.url}/v1/skills/${SYNC_SKILL}/execute`, options, 'POST', SKILL_BODY));
  throughput.push(await cannon(`capability execute ${CAPABILITY}`, `${server.url}/v1/capabilities/${CAPABILITY}/execute`, options, 'POST', CAPABILITY_BODY));
  log(`SSE (${options.streams} sequential streams)…`);
  const stream = await streams(server.url, options);
  log(`async (${options.asyncRuns} runs)…`);
  const async = await asyncRuns(server.url, options);
  const loadMaxMb = await stopSampling();
  await stopChild(server.child);

  return {
    machine: {
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      cores: cpus().length,
      node: process.version,
      date: new Date().toISOString(),
      platform: `${platform()} ${release()}`,
    },
    options,
    throughput,
    stream,
    async,
    rss: { idleMb, loadMaxMb },
    startup: { runsMs: startupRuns, medianMs: median(startupRuns) },
    engine,
    registry,
    syncRowName,
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const stopAll = (): void => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  try {
    const report = await runBenchmarks(options);
    console.log(renderConsole(report));
    const output = resolve(ROOT, options.output);
    await writeFile(output, renderMarkdown(report));
    console.log(`\nwrote ${output}`);
  } finally {
    await Promise.all([...children].map(stopChild));
    agent.destroy();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
