/*
 * `npm run bench`: every benchmark in one run on this machine, then BENCHMARKS.md at the checkout root.
 *
 * In process (before any server runs): registry load and engine overhead. Then child processes: two
 * baselines (a bare Express 5 JSON echo and a bare node:http one) and the built service
 * (`apps/server/dist/main.js` and its chunks, copied first; port 0), in memory, on Redis, with
 * tracing on, and one for async launches. Throughput is measured with wrk (autocannon when wrk is
 * missing), the servers pinned to one CPU and wrk to another, each scenario paired with its
 * baseline in every trial (trial-schedule.ts): req/s, p50/p99 and the server's CPU per request of
 * the echoes, /v1/health, sync execute of a 3-step built-in skill (also on Redis and with tracing
 * on, exporting OTLP to a local sink), a capability execute, discover, the async launch, and sync
 * executes with 1% malformed requests against the clean ones. Then where the time goes in a sync
 * execute (the service from source under --cpu-prof, by layer); SSE time to first event and to
 * `done` over sequential streams; async launch-to-completion throughput; the service's RSS 1, 15 and
 * 30 s after start without traffic, and under load; its startup time to healthy (median of several
 * spawns); async on Redis with one process vs `--workers 2`. Every child is killed at the end.
 *
 *   npm run bench -- [--trials 5] [--seconds 10] [--warmup-seconds 2] [--connections 32] [--streams 200]
 *                    [--async-runs 500] [--startups 5] [--engine-iterations 20000] [--load auto|wrk|autocannon]
 *                    [--output BENCHMARKS.md]
 *   npm run bench -- --profile-only     where the time goes alone, next to the stored "before"
 *   npm run bench -- --record-before    the same, written as the stored "before" figures
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, platform, release, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deleteDeploymentKeys, redisSettings } from '@skill-service/redis-state';
import { children, clockTicksPerSecond, copyBuiltServer, cpuTicks, killChildren, ROOT, startChild, statusMb, stopChild, waitIdle, type Started } from './child-process.js';
import { consoleFirstRender } from './console-render.js';
import { allowedCpusOf, choosePinning, describePinning, pinnedCommand, type Pinning } from './cpu-pinning.js';
import { measureEngineOverhead } from './engine-overhead.js';
import { agent, call, oneStream, pool, sleep, waitHealthy } from './http-client.js';
import { autocannonGenerator, wrkGenerator, wrkVersion, type LoadGenerator, type LoadTarget } from './load-generator.js';
import { goodAnswers, kindOutcomes, malformedKinds, MALFORMED_EVERY, mergeOutcomes, type KindOutcome } from './malformed-traffic.js';
import { coresBusy, cpuMicrosPerRequest, parseMachineTicks, type MachineTicks } from './proc-stat.js';
import { generateRegistryTree, timeLoads } from './registry-load.js';
import {
  IDLE_TARGET_AFTER_SECONDS,
  median,
  parseArgs,
  percentile,
  renderConsole,
  renderMarkdown,
  renderWhereTheTimeGoes,
  summarizeRow,
  type AsyncFigures,
  type BenchOptions,
  type BenchReport,
  type IdleSample,
  type MalformedFigures,
  type RegistryFigure,
  type RowKey,
  type StreamFigures,
  type ThroughputRow,
  type TrialSample,
  type WhereTheTimeGoes,
} from './report.js';
import { pairRatios, trialSteps, type Pair } from './trial-schedule.js';
import { measureWhereTheTimeGoes, readBefore, writeBefore, BEFORE_FILE } from './where-the-time-goes.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ECHO_MAIN = join(HERE, 'echo-server.ts');
const HTTP_ECHO_MAIN = join(HERE, 'http-echo-server.ts');

/** A 3-step built-in skill (pick → transform → validate), all builtin bindings: no Python, no network. */
const SYNC_SKILL = 'data.normalize-signup';
const SYNC_PATH = `/v1/skills/${SYNC_SKILL}/execute`;
const SKILL_BODY = JSON.stringify({
  inputs: { form: { Name: '  Lena Berg ', 'E-mail': ' Lena.Berg@Example.com', Age: '34', Newsletter: 'yes', contact: { country: 'es' } } },
});
const CAPABILITY = 'text.keyword.extract';
const CAPABILITY_BODY = JSON.stringify({
  inputs: { text: 'The engine schedules independent steps concurrently. Each capability resolves through a binding to a provider.' },
});
/** An intent of the evaluation set's kind; five candidates, as a client picking a skill would ask. */
const DISCOVER_BODY = JSON.stringify({ intent: 'normalize a signup form', limit: 5 });
/** When the idle service's memory is read, in seconds after it was spawned (the target reads the last). */
const IDLE_SAMPLE_SECONDS = [1, 15, IDLE_TARGET_AFTER_SECONDS] as const;
/** The service's rate limiter and run store raised out of the benchmark's way. */
const SERVER_ARGS = ['--port', '0', '--registry-root', join(ROOT, 'registry'), '--runtime-root', ROOT, '--rate-limit-requests', '1000000', '--rate-limit-window-seconds', '1'];
const SERVER_ENV = { SERVICE_MAX_RUNS: '1000000' };
/** The Redis the shared-state figures use: the machine's own, on a prefix of the bench's. */
const REDIS_URL = process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const SYNC_ROW = `sync execute ${SYNC_SKILL} (3 steps)`;

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

/** The idle service's VmRSS and RssAnon at each of `seconds` after `startedAt` (its spawn, a performance.now() time), no request in between. */
async function idleSamples(pid: number | undefined, startedAt: number, seconds: readonly number[]): Promise<IdleSample[]> {
  const samples: IdleSample[] = [];
  for (const afterSeconds of seconds) {
    await sleep(Math.max(0, startedAt + afterSeconds * 1000 - performance.now()));
    samples.push({ afterSeconds, vmRssMb: await statusMb(pid), anonMb: await statusMb(pid, 'RssAnon') });
  }
  return samples;
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

/** The whole machine's busy and total CPU ticks now. */
async function machineTicks(): Promise<MachineTicks> {
  return parseMachineTicks(await readFile('/proc/stat', 'utf8'));
}

/**
 * Launches N async runs and waits until none is running; runs/s from first launch to last
 * completion, and the cores the whole machine kept busy meanwhile. Completion is read from deep
 * health's count of running runs (one counter, the deployment's on Redis), so watching costs the
 * service next to nothing; which runs completed is read after the clock stops.
 */
async function asyncRuns(url: string, options: BenchOptions): Promise<AsyncFigures> {
  const launch = `${url}/v1/skills/${SYNC_SKILL}/execute/async`;
  const ticksBefore = await machineTicks();
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
  for (;;) {
    const health = await call(`${url}/v1/health?deep=true`, 'GET');
    const running = (JSON.parse(health.body) as { checks?: { runs?: { running?: unknown } } }).checks?.runs?.running;
    if (running === 0) break;
    if (typeof running !== 'number') throw new Error(`deep health did not count the running runs: ${health.status} ${health.body.slice(0, 200)}`);
    await sleep(10);
  }
  const seconds = (performance.now() - started) / 1000;
  const busy = coresBusy(ticksBefore, await machineTicks(), cpus().length);
  // One list answers up to 1000 statuses; a run it no longer holds is read alone.
  const listed = await call(`${url}/v1/runs?limit=1000`, 'GET');
  const statuses = new Map<string, unknown>(
    listed.status === 200 ? (JSON.parse(listed.body) as { runs: { run_id: string; status: unknown }[] }).runs.map((run) => [run.run_id, run.status]) : [],
  );
  let completed = 0;
  await pool(ids, options.connections, async (id) => {
    let status = statuses.get(id);
    if (status === undefined) {
      const answer = await call(`${url}/v1/runs/${id}`, 'GET');
      status = answer.status === 200 ? (JSON.parse(answer.body) as { status?: unknown }).status : 'failed';
    }
    if (status === 'completed') completed++;
    else failed++;
  });
  return { runs: options.asyncRuns, completed, failed, seconds, runsPerSecond: completed / seconds, coresBusy: busy, cores: cpus().length };
}

/** A service on Redis (`workers` processes on one port), listening with every worker; `pin` prefixes its command. */
async function startOnRedis(serverMain: string, prefix: string, workers: number, pin: readonly string[] = []): Promise<Started> {
  const started = await startChild([serverMain, ...SERVER_ARGS, '--redis-url', REDIS_URL, '--workers', String(workers)], { ...SERVER_ENV, SERVICE_REDIS_PREFIX: prefix }, true, pin);
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


/** The load generator the options ask for: wrk when installed (or required), autocannon otherwise. */
async function loadGenerator(options: BenchOptions, pinning: Pinning): Promise<LoadGenerator> {
  const version = options.load === 'autocannon' ? undefined : wrkVersion();
  if (version !== undefined) return wrkGenerator(version, pinning);
  if (options.load === 'wrk') throw new Error('--load wrk: wrk is not installed (apt-get install wrk)');
  return autocannonGenerator(options.load === 'autocannon' ? '--load autocannon' : 'wrk not found');
}

/** Servers on one allowed CPU, the load generator on another, when taskset is there and there are two. */
async function machinePinning(): Promise<{ pinning: Pinning; allowed: readonly number[] }> {
  const allowed = allowedCpusOf(await readFile('/proc/self/status', 'utf8')) ?? cpus().map((_, index) => index);
  let taskset = true;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  } catch {
    taskset = false;
  }
  return { pinning: choosePinning(allowed, taskset), allowed };
}

/** Moves this process (every thread) to `cpus`: the load CPU while it may be a load generator, back to all after. */
function pinSelf(pinning: Pinning, cpuList: string): void {
  if (pinning.pinned) execFileSync('taskset', ['-a', '-p', '-c', cpuList, String(process.pid)], { stdio: 'ignore' });
}

interface Scenario {
  readonly key: RowKey | 'malformed';
  readonly name: string;
  readonly server: Started;
  readonly target: LoadTarget;
  /**
   * Async launches: a fresh server for each window (so runs kept from earlier windows weigh on none),
   * and the runs a window launched finish before its CPU is read.
   */
  readonly respawn?: () => Promise<Started>;
}

interface Window {
  readonly sample: TrialSample;
  readonly outcomes: readonly KindOutcome[];
  readonly socketErrors: number;
}

/**
 * One window of one scenario: a warm-up, then the measured run between two readings of the server's
 * CPU time. A malformed mix's req/s counts only the good requests answered 200.
 */
async function measureWindow(generator: LoadGenerator, given: Scenario, options: BenchOptions, clockTicks: number): Promise<Window> {
  const server = given.respawn === undefined ? given.server : await given.respawn();
  const scenario = { ...given, server, target: { ...given.target, origin: server.url } };
  const drain = given.respawn !== undefined;
  const pid = server.child.pid;
  await generator.run(scenario.target, options.warmupSeconds, options.connections);
  if (drain && !(await waitIdle(pid))) process.stderr.write(`  ${scenario.name}: server still busy 120 s after the warm-up\n`);
  const before = await cpuTicks(pid);
  const result = await generator.run(scenario.target, options.seconds, options.connections);
  if (drain && !(await waitIdle(pid))) process.stderr.write(`  ${scenario.name}: server still busy 120 s after the window\n`);
  const after = await cpuTicks(pid);
  const malformed = scenario.target.malformed;
  // A malformed mix counts its good requests answered 200, and as failures only the answers that
  // were not the contract's (its malformed requests' 4xx are expected) and socket errors.
  const outcomes = malformed === undefined ? [] : kindOutcomes(result.responses, malformed.kinds);
  const wrongAnswers = outcomes.reduce((sum, outcome) => sum + Object.values(outcome.wrong).reduce((a, b) => a + b, 0), 0);
  const counted = malformed === undefined ? result.requests : goodAnswers(result.responses);
  return {
    sample: {
      requestsPerSecond: counted / result.durationSeconds,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      failures: malformed === undefined ? result.failures : result.socketErrors + wrongAnswers,
      total: result.requests,
      cpuMicrosPerRequest: cpuMicrosPerRequest(before, after, clockTicks, result.requests),
    },
    outcomes,
    socketErrors: result.socketErrors,
  };
}

interface TrialResults {
  readonly rows: ThroughputRow[];
  readonly malformed: MalformedFigures;
}

/**
 * Every pair in every trial (trial-schedule.ts); rows take medians over all of a scenario's windows
 * and the median of the per-trial ratios of their own pair.
 */
async function throughputTrials(scenarios: readonly Scenario[], pairs: readonly Pair[], generator: LoadGenerator, options: BenchOptions): Promise<TrialResults> {
  const clockTicks = clockTicksPerSecond();
  const byKey = new Map(scenarios.map((scenario) => [scenario.key as string, scenario]));
  const windows = new Map<string, Window[]>(scenarios.map((scenario) => [scenario.key, []]));
  /** Per pair: req/s of its subject and its baseline, by trial. */
  const pairRuns = pairs.map(() => ({ subject: [] as number[], baseline: [] as number[] }));
  for (let trial = 0; trial < options.trials; trial++) {
    for (const step of trialSteps(pairs, trial)) {
      const scenario = byKey.get(step.scenario);
      if (scenario === undefined) throw new Error(`no scenario ${step.scenario}`);
      const window = await measureWindow(generator, scenario, options, clockTicks);
      windows.get(scenario.key)?.push(window);
      pairRuns[step.pair]?.[step.role].push(window.sample.requestsPerSecond);
      const { sample } = window;
      process.stderr.write(
        `  trial ${trial + 1}/${options.trials} ${scenario.name}: ${sample.requestsPerSecond.toFixed(0)} req/s, ${sample.cpuMicrosPerRequest.toFixed(0)} µs CPU/req, p50 ${sample.p50Ms.toFixed(2)} ms, p99 ${sample.p99Ms.toFixed(2)} ms${sample.failures > 0 ? `, ${sample.failures} failures` : ''}\n`,
      );
    }
  }
  const ratiosOf = (subject: string): number[] => {
    const index = pairs.findIndex((pair) => pair.subject === subject);
    const runs = pairRuns[index];
    return runs === undefined ? [] : pairRatios(runs.subject, runs.baseline);
  };
  const samplesOf = (key: string): TrialSample[] => (windows.get(key) ?? []).map((window) => window.sample);
  const rows = scenarios.flatMap((scenario) => (scenario.key === 'malformed' ? [] : [summarizeRow(scenario.key, scenario.name, samplesOf(scenario.key), ratiosOf(scenario.key))]));
  const mixed = windows.get('malformed') ?? [];
  const mixedRatios = ratiosOf('malformed');
  const medianOf = (pick: (sample: TrialSample) => number): number => median(mixed.map((window) => pick(window.sample)));
  return {
    rows,
    malformed: {
      everyNth: MALFORMED_EVERY,
      goodRequestsPerSecond: medianOf((sample) => sample.requestsPerSecond),
      ratioToSync: median(mixedRatios),
      ratioRange: mixedRatios.length === 0 ? [Number.NaN, Number.NaN] : [Math.min(...mixedRatios), Math.max(...mixedRatios)],
      p50Ms: medianOf((sample) => sample.p50Ms),
      p99Ms: medianOf((sample) => sample.p99Ms),
      cpuMicrosPerRequest: medianOf((sample) => sample.cpuMicrosPerRequest),
      socketErrors: mixed.reduce((sum, window) => sum + window.socketErrors, 0),
      outcomes: mergeOutcomes(mixed.map((window) => window.outcomes)),
    },
  };
}

/** Where the time goes in a sync execute: the service from source, profiled (where-the-time-goes.ts). */
function whereTheTimeGoes(options: BenchOptions, generator: LoadGenerator, pinning: Pinning): Promise<WhereTheTimeGoes> {
  return measureWhereTheTimeGoes(
    {
      serverArgs: SERVER_ARGS,
      serverEnv: SERVER_ENV,
      target: { method: 'POST', path: SYNC_PATH, body: SKILL_BODY },
      scenario: SYNC_ROW,
      echo: { args: [...process.execArgv, ECHO_MAIN, '--port', '0'], target: { method: 'POST', path: '/echo', body: SKILL_BODY } },
      seconds: options.seconds,
      windows: options.profileWindows,
      warmupSeconds: options.warmupSeconds,
      connections: options.connections,
      clockTicks: clockTicksPerSecond(),
    },
    generator,
    pinning,
  );
}

export async function runBenchmarks(options: BenchOptions): Promise<BenchReport> {
  const log = (line: string): boolean => process.stderr.write(`${line}\n`);
  const serverMain = await copyBuiltServer();
  const { pinning, allowed } = await machinePinning();
  const generator = await loadGenerator(options, pinning);
  const serverPin = pinnedCommand(pinning, 'server', []);
  log(`load: ${generator.description}; ${describePinning(pinning)}`);

  log('registry load (2000 capabilities / 500 skills, 5 loads)…');
  const registry = await registryFigure();
  log(`engine overhead (${options.engineIterations} runs per scenario)…`);
  const engine = await measureEngineOverhead({ iterations: options.engineIterations });

  log('request log line cost (3 runs)…');
  const logLine = await logLineCost(3);

  log(`startup to healthy (${options.startups} spawns)…`);
  const startupRuns = await startupTimes(serverMain, options.startups);

  log('starting the baselines and the services…');
  const serverSpawnedAt = performance.now();
  const server = await startChild([serverMain, ...SERVER_ARGS], SERVER_ENV, false, serverPin);
  await waitHealthy(server.url);
  const echo = await startChild([...process.execArgv, ECHO_MAIN, '--port', '0'], {}, false, serverPin);
  const httpEcho = await startChild([...process.execArgv, HTTP_ECHO_MAIN, '--port', '0'], {}, false, serverPin);
  const redisSync = redisSettings(REDIS_URL, `bench-sync-${process.pid}`);
  const onRedis = await startOnRedis(serverMain, redisSync.prefix, 1, serverPin);
  // The same service with tracing on (every request sampled, OTLP/HTTP protobuf): the cost of tracing.
  const sink = await startOtlpSink();
  const traced = await startChild([serverMain, ...SERVER_ARGS], { ...SERVER_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_SERVICE_NAME: 'bench' }, false, serverPin);
  await waitHealthy(traced.url);
  // Async launches on a service of their own, fresh for each window: the runs they leave behind
  // weigh on no other row, nor on a later window.
  let launches = await startChild([serverMain, ...SERVER_ARGS], SERVER_ENV, false, serverPin);
  await waitHealthy(launches.url);
  const respawnLaunches = async (): Promise<Started> => {
    await stopChild(launches.child);
    launches = await startChild([serverMain, ...SERVER_ARGS], SERVER_ENV, false, serverPin);
    await waitHealthy(launches.url);
    return launches;
  };
  log(`idle memory (${IDLE_SAMPLE_SECONDS.join(', ')} s after start), meanwhile where the time goes…`);
  const idleReadings = idleSamples(server.child.pid, serverSpawnedAt, IDLE_SAMPLE_SECONDS);
  // While the service sits idle (only its memory is read): the service from source under
  // --cpu-prof, on the server CPU like the rest, the other servers idle beside it.
  const after = await whereTheTimeGoes(options, generator, pinning);
  const before = await readBefore();
  const idle = await idleReadings;
  const echoIdleMb = await statusMb(echo.child.pid);

  log(`throughput (${options.trials} trials; each window ${options.warmupSeconds} s warm-up + ${options.seconds} s measured, ${options.connections} connections)…`);
  const stopSampling = sampleRss(server.child.pid);
  const json = (origin: Started, path: string, body: string): LoadTarget => ({ origin: origin.url, method: 'POST', path, body });
  const scenarios: Scenario[] = [
    { key: 'express-echo', name: 'Express echo (Express 5, baseline)', server: echo, target: json(echo, '/echo', SKILL_BODY) },
    { key: 'http-echo', name: 'node:http echo', server: httpEcho, target: json(httpEcho, '/echo', SKILL_BODY) },
    { key: 'health', name: 'GET /v1/health', server, target: { origin: server.url, method: 'GET', path: '/v1/health' } },
    { key: 'sync', name: SYNC_ROW, server, target: json(server, SYNC_PATH, SKILL_BODY) },
    { key: 'sync-redis', name: `${SYNC_ROW}, state on Redis`, server: onRedis, target: json(onRedis, SYNC_PATH, SKILL_BODY) },
    { key: 'sync-traced', name: `${SYNC_ROW}, tracing on (OTLP)`, server: traced, target: json(traced, SYNC_PATH, SKILL_BODY) },
    { key: 'capability', name: `capability execute ${CAPABILITY}`, server, target: json(server, `/v1/capabilities/${CAPABILITY}/execute`, CAPABILITY_BODY) },
    { key: 'discover', name: 'POST /v1/skills/discover (limit 5)', server, target: json(server, '/v1/skills/discover', DISCOVER_BODY) },
    { key: 'async-launch', name: `async launch ${SYNC_SKILL} (202)`, server: launches, target: json(launches, `${SYNC_PATH}/async`, SKILL_BODY), respawn: respawnLaunches },
    {
      key: 'malformed',
      name: `${SYNC_ROW}, 1% malformed`,
      server,
      target: { ...json(server, SYNC_PATH, SKILL_BODY), malformed: { kinds: malformedKinds(SYNC_SKILL, SKILL_BODY), everyNth: MALFORMED_EVERY } },
    },
  ];
  const pairs: Pair[] = [
    ...scenarios.filter((scenario) => scenario.key !== 'express-echo' && scenario.key !== 'malformed').map((scenario) => ({ subject: scenario.key, baseline: 'express-echo' })),
    { subject: 'malformed', baseline: 'sync' },
  ];
  pinSelf(pinning, pinning.pinned ? String(pinning.loadCpu) : '');
  const trials = await throughputTrials(scenarios, pairs, generator, options).finally(() => pinSelf(pinning, allowed.join(',')));
  for (const child of [echo, httpEcho, onRedis, traced, launches]) await stopChild(child.child);
  await deleteDeploymentKeys(redisSync);
  await sink.close();

  log(`SSE (${options.streams} sequential streams)…`);
  const stream = await streams(server.url, options);
  log(`async (${options.asyncRuns} runs)…`);
  const async = await asyncRuns(server.url, options);
  const loadMaxMb = await stopSampling();
  await stopChild(server.child);
  await generator.close();
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
    loadGenerator: generator.description,
    pinning,
    throughput: trials.rows,
    malformed: trials.malformed,
    stream,
    async,
    rss: { idle, loadMaxMb, echoIdleMb },
    startup: { runsMs: startupRuns, medianMs: median(startupRuns) },
    engine,
    registry,
    logLine,
    consoleRender,
    shared: { asyncOneProcess: sharedAsync.oneProcess, asyncTwoWorkers: sharedAsync.twoWorkers },
    whereTheTimeGoes: { before, after },
  };
}

/** `--profile-only` and `--record-before`: where the time goes alone. */
async function profileOnly(options: BenchOptions): Promise<void> {
  const { pinning } = await machinePinning();
  const generator = await loadGenerator(options, pinning);
  process.stderr.write(`load: ${generator.description}; ${describePinning(pinning)}\nwhere the time goes (${options.profileWindows} × ${options.seconds} s of sync executes, each after one of the Express echo)…\n`);
  try {
    const after = await whereTheTimeGoes(options, generator, pinning);
    console.log(renderWhereTheTimeGoes(after, options.recordBefore ? undefined : await readBefore()));
    if (options.recordBefore) {
      await writeBefore(after);
      console.log(`\nwrote ${BEFORE_FILE} (commit ${after.commit})`);
    }
  } finally {
    await generator.close();
  }
}

const USAGE = `usage: npm run bench -- [--trials 5] [--seconds 10] [--warmup-seconds 2] [--connections 32] [--streams 200]
                     [--async-runs 500] [--startups 5] [--engine-iterations 20000] [--load auto|wrk|autocannon]
                     [--output BENCHMARKS.md] [--profile-windows 3]
       npm run bench -- --profile-only     where the time goes alone, next to the stored "before"
       npm run bench -- --record-before    the same, written as the stored "before" figures`;

/** The options, or a usage line and exit: 0 for --help, 2 (one line, no stack) for a bad command line. */
function commandLine(argv: readonly string[]): BenchOptions {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  try {
    return parseArgs(argv);
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const options = commandLine(process.argv.slice(2));
  process.once('SIGINT', () => {
    killChildren();
    process.exit(130);
  });
  try {
    if (options.recordBefore || options.profileOnly) {
      await profileOnly(options);
      return;
    }
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
