/*
 * `npm run bench`: every benchmark in one run on this machine, then BENCHMARKS.md at the checkout root.
 *
 * In process (before any server runs): registry load and engine overhead. Then child processes,
 * a bare Express 5 JSON echo server (the baseline) and the built service (`apps/server/dist/main.js`
 * and its chunks, copied first; port 0), measured with autocannon from this process in interleaved
 * trials (every scenario once per trial, the echo included; medians reported): req/s and p50/p99 of
 * the echo, /v1/health, sync execute of a 3-step built-in skill (also on a second service with tracing on,
 * exporting OTLP to a local sink), a capability execute and discover; SSE
 * time to first event and to `done` over sequential streams; async launch-to-completion throughput;
 * the service's RSS 1 s after healthy, idle after 15 s and 25 s without traffic, and under load; its
 * startup time to healthy (median of several spawns). With state on Redis (SERVICE_REDIS_URL, else the
 * machine's own): sync execute in the same trials, and async throughput with one process vs `--workers 2`.
 * Every child is killed at the end.
 *
 *   npm run bench -- [--trials 5] [--seconds 3] [--connections 20] [--streams 200] [--async-runs 500]
 *                    [--startups 5] [--engine-iterations 20000] [--output BENCHMARKS.md]
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, platform, release, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { deleteDeploymentKeys, redisSettings } from '@skill-service/redis-state';
import { children, copyBuiltServer, killChildren, ROOT, startChild, statusMb, stopChild } from './child-process.js';
import { consoleFirstRender } from './console-render.js';
import { measureEngineOverhead } from './engine-overhead.js';
import { agent, call, oneStream, pool, sleep, waitHealthy } from './http-client.js';
import { generateRegistryTree, timeLoads } from './registry-load.js';
import {
  IDLE_TARGET_AFTER_SECONDS,
  median,
  parseArgs,
  percentile,
  renderConsole,
  renderMarkdown,
  summarizeTrials,
  type AsyncFigures,
  type BenchOptions,
  type BenchReport,
  type IdleSample,
  type RegistryFigure,
  type StreamFigures,
  type ThroughputRow,
  type TrialSample,
} from './report.js';

const HERE = dirname(fileURLToPath(import.meta.url));
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
/** An intent of the evaluation set's kind; five candidates, as a client picking a skill would ask. */
const DISCOVER_BODY = JSON.stringify({ intent: 'normalize a signup form', limit: 5 });
/** When the idle service's memory is read, in seconds after it is healthy (the target reads the last). */
const IDLE_SAMPLE_SECONDS = [1, 15, IDLE_TARGET_AFTER_SECONDS] as const;
/** The service's rate limiter and run store raised out of the benchmark's way. */
const SERVER_ARGS = ['--port', '0', '--registry-root', join(ROOT, 'registry'), '--runtime-root', ROOT, '--rate-limit-requests', '1000000', '--rate-limit-window-seconds', '1'];
const SERVER_ENV = { SERVICE_MAX_RUNS: '1000000' };
/** The Redis the shared-state figures use: the machine's own, on a prefix of the bench's. */
const REDIS_URL = process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/**
 * An OTLP/HTTP receiver that drains each export and answers 200 at once: the traced service pays
 * for recording, batching and sending its spans, with no slow collector behind them.
 */
async function startOtlpSink(): Promise<{ url: string; close: () => Promise<void> }> {
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolvePromise) => sink.listen(0, '127.0.0.1', resolvePromise));
  return {
    url: `http://127.0.0.1:${(sink.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolvePromise) => {
        sink.closeAllConnections();
        sink.close(() => resolvePromise());
      }),
  };
}

/**
 * The server's own measure of a request log line (apps/server/src/logging/log-cost.ts), run as a
 * child with its stderr piped and drained as the server's is here: the median CPU µs per line.
 */
async function logLineCost(runs: number): Promise<BenchReport['logLine']> {
  const script = join(ROOT, 'apps/server/src/logging/log-cost.ts');
  const figures: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const child = spawn(process.execPath, ['--conditions=@skill-service/source', '--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr.resume();
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolvePromise) => child.once('exit', resolvePromise));
    if (code !== 0) throw new Error(`log-cost exited with ${String(code)}`);
    figures.push((JSON.parse(out) as { cpu_us_per_line: number }).cpu_us_per_line);
  }
  return { cpuMicros: median(figures), runs: figures };
}

/** Samples a process's RSS every 200 ms until stopped; resolves to the largest sample. */
function sampleRss(pid: number | undefined): () => Promise<number> {
  let max = Number.NaN;
  const take = (): void => {
    void statusMb(pid).then((mb) => {
      if (!(mb <= max)) max = mb;
    });
  };
  take();
  const timer = setInterval(take, 200);
  return async () => {
    clearInterval(timer);
    const last = await statusMb(pid);
    return Number.isNaN(max) || last > max ? last : max;
  };
}

/** The idle service's VmRSS and RssAnon at each of `seconds` after `healthyAt` (a performance.now() time), no request in between. */
async function idleSamples(pid: number | undefined, healthyAt: number, seconds: readonly number[]): Promise<IdleSample[]> {
  const samples: IdleSample[] = [];
  for (const afterSeconds of seconds) {
    await sleep(Math.max(0, healthyAt + afterSeconds * 1000 - performance.now()));
    samples.push({ afterSeconds, vmRssMb: await statusMb(pid), anonMb: await statusMb(pid, 'RssAnon') });
  }
  return samples;
}

interface Scenario {
  readonly name: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly body?: string;
}

function cannonOptions(scenario: Scenario, connections: number): autocannon.Options {
  const { url, method, body } = scenario;
  return { url, method, connections, ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }) };
}

async function cannon(scenario: Scenario, options: BenchOptions): Promise<TrialSample> {
  const result = await autocannon({ ...cannonOptions(scenario, options.connections), duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

/**
 * Every scenario once per trial, the echo included, each trial starting one scenario further on;
 * the first scenario is the echo, whose trials the others' ratios are taken against.
 */
async function throughputTrials(scenarios: readonly Scenario[], options: BenchOptions): Promise<ThroughputRow[]> {
  for (const scenario of scenarios) await autocannon({ ...cannonOptions(scenario, options.connections), amount: options.connections * 50 }); // warm-up
  const samples = scenarios.map((): TrialSample[] => []);
  for (let trial = 0; trial < options.trials; trial++) {
    for (let step = 0; step < scenarios.length; step++) {
      const index = (trial + step) % scenarios.length;
      const scenario = scenarios[index] as Scenario;
      const sample = await cannon(scenario, options);
      samples[index]?.push(sample);
      process.stderr.write(`  trial ${trial + 1}/${options.trials} ${scenario.name}: ${sample.requestsPerSecond.toFixed(0)} req/s\n`);
    }
  }
  const echo = samples[0] ?? [];
  return scenarios.map((scenario, index) => summarizeTrials(scenario.name, samples[index] ?? [], echo));
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
  // Completion is read from the run list (one request answers up to 1000 statuses), so the poll
  // costs the server little next to the runs it measures; a run the list no longer holds is read alone.
  let pending = ids;
  let completed = 0;
  while (pending.length > 0) {
    const listed = await call(`${url}/v1/runs?limit=1000`, 'GET');
    const statuses = new Map<string, unknown>(
      listed.status === 200 ? (JSON.parse(listed.body) as { runs: { run_id: string; status: unknown }[] }).runs.map((run) => [run.run_id, run.status]) : [],
    );
    const still: string[] = [];
    await pool(pending, options.connections, async (id) => {
      let status = statuses.get(id);
      if (status === undefined) {
        const answer = await call(`${url}/v1/runs/${id}`, 'GET');
        status = answer.status === 200 ? (JSON.parse(answer.body) as { status?: unknown }).status : 'failed';
      }
      if (status === 'completed') completed++;
      else if (status === 'running') still.push(id);
      else failed++;
    });
    pending = still;
    if (pending.length > 0) await sleep(10);
  }
  const seconds = (performance.now() - started) / 1000;
  return { runs: options.asyncRuns, completed, failed, seconds, runsPerSecond: completed / seconds };
}

/** A service on Redis (`workers` processes on one port), listening with every worker. */
async function startOnRedis(serverMain: string, prefix: string, workers: number): Promise<{ child: ReturnType<typeof spawn>; url: string }> {
  const started = await startChild([serverMain, ...SERVER_ARGS, '--redis-url', REDIS_URL, '--workers', String(workers)], { ...SERVER_ENV, SERVICE_REDIS_PREFIX: prefix }, true);
  // Each worker logs its own startup line; measure once all of them take connections.
  const deadline = performance.now() + 30_000;
  while (started.stderr.filter((line) => line.includes('listening on')).length < workers && performance.now() < deadline) await sleep(50);
  await waitHealthy(started.url);
  return started;
}

/** Async launch→completion on Redis with one process, then with `--workers 2`, each on a fresh prefix. */
async function sharedAsyncRuns(serverMain: string, options: BenchOptions): Promise<{ oneProcess: AsyncFigures; twoWorkers: AsyncFigures }> {
  const figures: AsyncFigures[] = [];
  for (const workers of [1, 2]) {
    const settings = redisSettings(REDIS_URL, `bench-async-${process.pid}-${workers}`);
    const server = await startOnRedis(serverMain, settings.prefix, workers);
    try {
      await asyncRuns(server.url, { ...options, asyncRuns: Math.min(options.asyncRuns, 100) }); // warm-up
      figures.push(await asyncRuns(server.url, options));
    } finally {
      await stopChild(server.child);
      await deleteDeploymentKeys(settings);
    }
  }
  return { oneProcess: figures[0] as AsyncFigures, twoWorkers: figures[1] as AsyncFigures };
}

async function startupTimes(serverMain: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const spawned = performance.now();
    const { child, url } = await startChild([serverMain, ...SERVER_ARGS], SERVER_ENV);
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
  const serverMain = await copyBuiltServer();

  log('registry load (2000 capabilities / 500 skills, 5 loads)…');
  const registry = await registryFigure();
  log(`engine overhead (${options.engineIterations} runs per scenario)…`);
  const engine = await measureEngineOverhead({ iterations: options.engineIterations });

  log('request log line cost (3 runs)…');
  const logLine = await logLineCost(3);

  log(`startup to healthy (${options.startups} spawns)…`);
  const startupRuns = await startupTimes(serverMain, options.startups);

  log('starting the echo baseline and the service…');
  const echo = await startChild([...process.execArgv, ECHO_MAIN, '--port', '0']);
  const server = await startChild([serverMain, ...SERVER_ARGS], SERVER_ENV);
  await waitHealthy(server.url);
  const redisSync = redisSettings(REDIS_URL, `bench-sync-${process.pid}`);
  const onRedis = await startOnRedis(serverMain, redisSync.prefix, 1);
  // The same service with tracing on (every request sampled, OTLP/HTTP protobuf): the cost of tracing.
  const sink = await startOtlpSink();
  const traced = await startChild([serverMain, ...SERVER_ARGS], { ...SERVER_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_SERVICE_NAME: 'bench' });
  await waitHealthy(traced.url);
  log(`idle memory (${IDLE_SAMPLE_SECONDS.join(', ')} s after healthy)…`);
  const idle = await idleSamples(server.child.pid, performance.now(), IDLE_SAMPLE_SECONDS);
  const echoIdleMb = await statusMb(echo.child.pid);

  log(`throughput (${options.trials} trials × ${options.seconds} s per scenario, ${options.connections} connections)…`);
  const stopSampling = sampleRss(server.child.pid);
  const syncRowName = `sync execute ${SYNC_SKILL} (3 steps)`;
  const syncRedisRowName = `${syncRowName}, state on Redis`;
  const throughput = await throughputTrials(
    [
      { name: 'echo baseline (Express 5)', url: `${echo.url}/echo`, method: 'POST', body: SKILL_BODY },
      { name: 'GET /v1/health', url: `${server.url}/v1/health`, method: 'GET' },
      { name: syncRowName, url: `${server.url}/v1/skills/${SYNC_SKILL}/execute`, method: 'POST', body: SKILL_BODY },
      { name: syncRedisRowName, url: `${onRedis.url}/v1/skills/${SYNC_SKILL}/execute`, method: 'POST', body: SKILL_BODY },
      { name: `${syncRowName}, tracing on (OTLP)`, url: `${traced.url}/v1/skills/${SYNC_SKILL}/execute`, method: 'POST', body: SKILL_BODY },
      { name: `capability execute ${CAPABILITY}`, url: `${server.url}/v1/capabilities/${CAPABILITY}/execute`, method: 'POST', body: CAPABILITY_BODY },
      { name: 'POST /v1/skills/discover (limit 5)', url: `${server.url}/v1/skills/discover`, method: 'POST', body: DISCOVER_BODY },
    ],
    options,
  );
  await stopChild(echo.child);
  await stopChild(onRedis.child);
  await deleteDeploymentKeys(redisSync);
  await stopChild(traced.child);
  await sink.close();
  log(`SSE (${options.streams} sequential streams)…`);
  const stream = await streams(server.url, options);
  log(`async (${options.asyncRuns} runs)…`);
  const async = await asyncRuns(server.url, options);
  const loadMaxMb = await stopSampling();
  await stopChild(server.child);
  log('console first render (5 runs, cold and warm)…');
  // The built tree itself (not the copy): it serves apps/console/dist next to it.
  const consoleServer = await startChild([join(ROOT, 'apps/server/dist/main.js'), ...SERVER_ARGS], SERVER_ENV);
  const consoleRender = await consoleFirstRender(consoleServer.url, 5).finally(() => stopChild(consoleServer.child));
  log(`async on Redis (${options.asyncRuns} runs), one process, then --workers 2…`);
  const sharedAsync = await sharedAsyncRuns(serverMain, options);

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
    rss: { idle, loadMaxMb, echoIdleMb },
    startup: { runsMs: startupRuns, medianMs: median(startupRuns) },
    engine,
    registry,
    logLine,
    syncRowName,
    consoleRender,
    shared: { syncRowName: syncRedisRowName, asyncOneProcess: sharedAsync.oneProcess, asyncTwoWorkers: sharedAsync.twoWorkers },
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  process.once('SIGINT', () => {
    killChildren();
    process.exit(130);
  });
  try {
    const report = await runBenchmarks(options);
    console.log(renderConsole(report));
    const output = resolve(ROOT, options.output);
    await writeFile(output, renderMarkdown(report));
    console.log(`\nwrote ${output}`);
  } finally {
    await Promise.all([...children].map((child) => stopChild(child)));
    agent.destroy();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
