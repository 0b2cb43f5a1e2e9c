/*
 * Pure helpers of the HTTP benchmark (`main.ts`): argument parsing, percentiles, /proc parsing,
 * an incremental SSE frame reader, the report's figures, the target checks and the two renderings
 * (console, markdown). No I/O here, so the specs cover them without running a benchmark.
 */
import { describePinning, type Pinning } from './cpu-pinning.js';
import { everyMalformedAnswered, type KindOutcome } from './malformed-traffic.js';
import type { LayerShare } from './profile-layers.js';

export interface BenchOptions {
  /** Seconds of each measured window (one scenario in one trial). */
  readonly seconds: number;
  /** Seconds of load before each measured window, not counted. */
  readonly warmupSeconds: number;
  /** Rounds over every scenario and its baseline, in alternation. */
  readonly trials: number;
  readonly connections: number;
  /** Sequential SSE streams measured. */
  readonly streams: number;
  /** Async runs launched for the launch-to-completion figure. */
  readonly asyncRuns: number;
  /** Server spawns timed for startup. */
  readonly startups: number;
  /** Engine-overhead iterations per scenario. */
  readonly engineIterations: number;
  /** Measured windows of the where-the-time-goes profile, back to back. */
  readonly profileWindows: number;
  /** Where BENCHMARKS.md goes (relative to the checkout). */
  readonly output: string;
  /** `auto`: wrk when installed, autocannon otherwise. */
  readonly load: 'auto' | 'wrk' | 'autocannon';
  /** Only the where-the-time-goes profile, written as the stored "before" figures. */
  readonly recordBefore: boolean;
  /** Only the where-the-time-goes profile, printed next to the stored "before" figures. */
  readonly profileOnly: boolean;
}

export const DEFAULT_OPTIONS: BenchOptions = {
  seconds: 10,
  warmupSeconds: 2,
  trials: 5,
  connections: 32,
  streams: 200,
  asyncRuns: 500,
  startups: 5,
  engineIterations: 20_000,
  profileWindows: 3,
  output: 'BENCHMARKS.md',
  load: 'auto',
  recordBefore: false,
  profileOnly: false,
};

const NUMERIC_FLAGS = {
  '--seconds': 'seconds',
  '--warmup-seconds': 'warmupSeconds',
  '--trials': 'trials',
  '--connections': 'connections',
  '--streams': 'streams',
  '--async-runs': 'asyncRuns',
  '--startups': 'startups',
  '--engine-iterations': 'engineIterations',
  '--profile-windows': 'profileWindows',
} as const satisfies Record<string, keyof BenchOptions>;

const BOOLEAN_FLAGS = { '--record-before': 'recordBefore', '--profile-only': 'profileOnly' } as const satisfies Record<string, keyof BenchOptions>;

const isNumericFlag = (flag: string): flag is keyof typeof NUMERIC_FLAGS => Object.hasOwn(NUMERIC_FLAGS, flag);
const isBooleanFlag = (flag: string): flag is keyof typeof BOOLEAN_FLAGS => Object.hasOwn(BOOLEAN_FLAGS, flag);

/** `--flag value` and `--flag=value` pairs of a command line; throws on a flag without a value. */
export function flagPairs(argv: readonly string[]): Array<[flag: string, value: string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag = '', inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    pairs.push([flag, value]);
  }
  return pairs;
}

/** A flag's value as a positive number; throws naming the flag otherwise. */
export function positiveNumber(flag: string, value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${flag} must be a positive number, got '${value}'`);
  return number;
}

/**
 * Parses `--flag value` and `--flag=value`, and the switches `--record-before` and `--profile-only`;
 * throws on an unknown flag or a value that is not a positive number. wrk measures whole seconds,
 * so `--seconds` and `--warmup-seconds` are whole numbers.
 */
export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: { -readonly [K in keyof BenchOptions]: BenchOptions[K] } = { ...DEFAULT_OPTIONS };
  const valued = argv.filter((arg) => {
    if (!isBooleanFlag(arg)) return true;
    options[BOOLEAN_FLAGS[arg]] = true;
    return false;
  });
  for (const [flag, value] of flagPairs(valued)) {
    if (flag === '--output') {
      options.output = value;
    } else if (flag === '--load') {
      if (value !== 'auto' && value !== 'wrk' && value !== 'autocannon') throw new Error(`--load must be auto, wrk or autocannon, got '${value}'`);
      options.load = value;
    } else if (isNumericFlag(flag)) {
      options[NUMERIC_FLAGS[flag]] = Math.max(1, Math.round(positiveNumber(flag, value)));
    } else {
      throw new Error(`unknown option ${flag} (known: ${[...Object.keys(NUMERIC_FLAGS), '--output', '--load', ...Object.keys(BOOLEAN_FLAGS)].join(', ')})`);
    }
  }
  if (options.recordBefore && options.profileOnly) throw new Error('--record-before and --profile-only are exclusive');
  return options;
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** A kB field (VmRSS, RssAnon…) of a `/proc/<pid>/status` text, in MiB; undefined when absent. */
export function parseStatusMb(status: string, field: string): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]) / 1024;
}

/** VmRSS of a `/proc/<pid>/status` text, in MiB; undefined when absent. */
export const parseVmRssMb = (status: string): number | undefined => parseStatusMb(status, 'VmRSS');

/** Feeds raw SSE text in arbitrary chunks and returns the event names of the frames completed by it. */
export class SseFrameReader {
  #buffer = '';

  push(chunk: string): string[] {
    this.#buffer += chunk.replaceAll('\r\n', '\n');
    const events: string[] = [];
    let end = this.#buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      const name = frame
        .split('\n')
        .find((line) => line.startsWith('event:'))
        ?.slice('event:'.length)
        .trim();
      // Comment-only frames (`: ping`) carry no event; a data-only frame is a `message`.
      if (name !== undefined) events.push(name);
      else if (frame.split('\n').some((line) => line.startsWith('data:'))) events.push('message');
      end = this.#buffer.indexOf('\n\n');
    }
    return events;
  }
}

/** Which throughput row is which (the targets read rows by key, the table shows names). */
export type RowKey = 'express-echo' | 'http-echo' | 'health' | 'sync' | 'sync-redis' | 'sync-traced' | 'capability' | 'discover' | 'async-launch';

/** One measured window of one scenario. */
export interface TrialSample {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Socket errors, timeouts and answers with a status ≥ 400. */
  readonly failures: number;
  readonly total: number;
  /** The server process's utime + stime over the window, per answered request. */
  readonly cpuMicrosPerRequest: number;
}

export interface ThroughputRow {
  readonly key: RowKey;
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly cpuMicrosPerRequest: number;
  readonly failures: number;
  readonly total: number;
  /** Median over the trials of this row's req/s divided by the Express echo's run paired with it. */
  readonly ratioToEcho?: number;
  /** The smallest and largest of those per-trial ratios (how noisy the machine was). */
  readonly ratioRange?: readonly [number, number];
}

/**
 * One row from a scenario's windows: medians of req/s, latencies and CPU per request, summed
 * counts, and the median and range of its per-trial ratios to its baseline.
 */
export function summarizeRow(key: RowKey, name: string, samples: readonly TrialSample[], ratios: readonly number[]): ThroughputRow {
  return {
    key,
    name,
    requestsPerSecond: median(samples.map((sample) => sample.requestsPerSecond)),
    p50Ms: median(samples.map((sample) => sample.p50Ms)),
    p99Ms: median(samples.map((sample) => sample.p99Ms)),
    cpuMicrosPerRequest: median(samples.map((sample) => sample.cpuMicrosPerRequest)),
    failures: samples.reduce((sum, sample) => sum + sample.failures, 0),
    total: samples.reduce((sum, sample) => sum + sample.total, 0),
    ...(ratios.length === 0 ? {} : { ratioToEcho: median(ratios), ratioRange: [Math.min(...ratios), Math.max(...ratios)] as const }),
  };
}

/** Sync executes with 1 request in 100 malformed, against the clean sync execute of the same trial. */
export interface MalformedFigures {
  readonly everyNth: number;
  /** Good requests answered 200 per second (median over the trials). */
  readonly goodRequestsPerSecond: number;
  /** Median of the per-trial ratios to the clean sync execute run paired with it, and their range. */
  readonly ratioToSync: number;
  readonly ratioRange: readonly [number, number];
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Server CPU per answered request, good and malformed. */
  readonly cpuMicrosPerRequest: number;
  /** Socket errors and timeouts (a malformed request's 4xx is not one). */
  readonly socketErrors: number;
  /** Per kind over every trial: answered and wrongly answered. */
  readonly outcomes: readonly KindOutcome[];
}

export interface StreamFigures {
  readonly streams: number;
  readonly firstEventP50Ms: number;
  readonly firstEventP99Ms: number;
  readonly doneP50Ms: number;
  readonly doneP99Ms: number;
  readonly failures: number;
}

export interface AsyncFigures {
  readonly runs: number;
  readonly completed: number;
  readonly failed: number;
  readonly seconds: number;
  readonly runsPerSecond: number;
  /** Cores the whole machine kept busy while the runs went through (service, Redis, the bench itself), of `cores`. */
  readonly coresBusy: number;
  readonly cores: number;
}

/**
 * The most `--workers 2` can give over one process on this machine: every core busy at one
 * process's CPU per run. Below 2 when one process already keeps more than half the machine busy.
 */
export function workersCeiling(oneProcess: AsyncFigures): number {
  return Math.min(2, oneProcess.cores / oneProcess.coresBusy);
}

export interface EngineFigure {
  readonly scenario: string;
  readonly steps: number;
  readonly runsPerSecond: number;
  readonly perStepP50Ms: number;
  readonly perStepP99Ms: number;
}

export interface RegistryFigure {
  readonly capabilities: number;
  readonly skills: number;
  readonly medianMs: number;
  readonly minMs: number;
}

/** The service's memory some time after it was started, with no request in between. */
export interface IdleSample {
  /** Seconds after the process was spawned. */
  readonly afterSeconds: number;
  /** VmRSS: everything resident, the node binary's shared pages included. */
  readonly vmRssMb: number;
  /** RssAnon: the private part (heap, stacks, malloc). */
  readonly anonMb: number;
}

/** The idle RSS target reads the sample this many seconds after the server was started. */
export const IDLE_TARGET_AFTER_SECONDS = 30;

export interface TopFunction {
  /** The function's name as V8 has it. */
  readonly name: string;
  /** `libs/…/file.ts:42`, `node_modules/pkg/file.js:10`, `node:_http_outgoing:653`, `(native)`. */
  readonly location: string;
  /** Of the sampled (non-idle) time. */
  readonly share: number;
  readonly micros: number;
}

/** One profiled sync-execute window of the service run from source (where-the-time-goes.ts). */
export interface WhereTheTimeGoes {
  /** Short commit, `+changes` when apps/ or libs/ differed from it. */
  readonly commit: string;
  readonly date: string;
  readonly scenario: string;
  /** Measured seconds over all windows, and how many windows. */
  readonly seconds: number;
  readonly windows: number;
  readonly requests: number;
  readonly requestsPerSecond: number;
  /** Median over the windows, and their smallest and largest. */
  readonly cpuMicrosPerRequest: number;
  readonly cpuMicrosPerRequestRange: readonly [number, number];
  /** The Express echo's CPU per request in windows alternating with those (median): how fast the machine was. */
  readonly echoCpuMicrosPerRequest: number;
  /** Sampled busy time in the windows, and its sample count. */
  readonly sampledMs: number;
  readonly samples: number;
  readonly layers: readonly LayerShare[];
  readonly top: readonly TopFunction[];
}

export interface BenchReport {
  readonly machine: { readonly cpu: string; readonly cores: number; readonly node: string; readonly date: string; readonly platform: string };
  readonly options: BenchOptions;
  /** What generated the load (`wrk 4.1.0 (2 threads)`, or autocannon when wrk is missing). */
  readonly loadGenerator: string;
  readonly pinning: Pinning;
  /** The first row is the Express echo, every other row's baseline. */
  readonly throughput: readonly ThroughputRow[];
  readonly malformed: MalformedFigures;
  readonly stream: StreamFigures;
  readonly async: AsyncFigures;
  /** The service's idle samples (seconds after start, no request before) and its peak under load; the echo's for scale. */
  readonly rss: { readonly idle: readonly IdleSample[]; readonly loadMaxMb: number; readonly echoIdleMb: number };
  readonly startup: { readonly runsMs: readonly number[]; readonly medianMs: number };
  readonly engine: readonly EngineFigure[];
  readonly registry: RegistryFigure;
  /** CPU time of one request's log line (formatting, redaction, batched write), median of runs. */
  readonly logLine: { readonly cpuMicros: number; readonly runs: readonly number[] };
  /** The console's first render of the catalogue (ms per run); undefined without chromium or a console build. */
  readonly consoleRender?: { readonly coldMs: readonly number[]; readonly warmMs: readonly number[] } | undefined;
  /** State on Redis: async throughput by process count (the sync row is in `throughput`). */
  readonly shared: { readonly asyncOneProcess: AsyncFigures; readonly asyncTwoWorkers: AsyncFigures };
  /** CPU per request by layer: the stored figures of the commit before optimisation, and this run's. */
  readonly whereTheTimeGoes: { readonly before?: WhereTheTimeGoes | undefined; readonly after: WhereTheTimeGoes };
}

export interface TargetCheck {
  readonly target: string;
  readonly actual: string;
  readonly met: boolean;
}

const fixed = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const percent = (ratio: number): string => `${fixed(ratio * 100, 1)}%`;

/** A row's ratio to the Express echo: the per-trial median when there is one, else of the medians. */
export function ratioToBaseline(rows: readonly ThroughputRow[], row: ThroughputRow): number {
  if (row.ratioToEcho !== undefined) return row.ratioToEcho;
  const baseline = rows[0]?.requestsPerSecond ?? 0;
  return baseline > 0 ? row.requestsPerSecond / baseline : Number.NaN;
}

const rowOf = (report: BenchReport, key: RowKey): ThroughputRow | undefined => report.throughput.find((row) => row.key === key);
const ratioOf = (report: BenchReport, key: RowKey): number => {
  const row = rowOf(report, key);
  return row === undefined ? Number.NaN : ratioToBaseline(report.throughput, row);
};

/** The figures the service is held to (performance budgets). */
export function checkTargets(report: BenchReport): TargetCheck[] {
  const syncRatio = ratioOf(report, 'sync');
  const capabilityRatio = ratioOf(report, 'capability');
  const healthRatio = ratioOf(report, 'health');
  const sync = rowOf(report, 'sync');
  const tail = sync === undefined ? Number.NaN : sync.p99Ms / sync.p50Ms;
  const engine = report.engine.find((figure) => figure.steps === 3) ?? report.engine[0];
  const perStep = engine?.perStepP50Ms ?? Number.NaN;
  const idleMb = report.rss.idle.find((sample) => sample.afterSeconds === IDLE_TARGET_AFTER_SECONDS)?.vmRssMb ?? Number.NaN;
  const redisRatio = ratioOf(report, 'sync-redis') / syncRatio;
  const workersRatio = report.shared.asyncTwoWorkers.runsPerSecond / report.shared.asyncOneProcess.runsPerSecond;
  const renderMs = report.consoleRender === undefined ? Number.NaN : median([...report.consoleRender.coldMs]);
  const { malformed } = report;
  const malformedKinds = malformed.outcomes.filter((outcome) => outcome.kind !== 'good');
  const wrongAnswers = malformedKinds.reduce((sum, outcome) => sum + Object.values(outcome.wrong).reduce((a, b) => a + b, 0), 0);
  return [
    { target: 'sync execute ≥ 60% of the Express echo’s req/s (same trial)', actual: percent(syncRatio), met: syncRatio >= 0.6 },
    { target: 'capability execute ≥ 70% of the Express echo’s req/s (same trial)', actual: percent(capabilityRatio), met: capabilityRatio >= 0.7 },
    { target: 'GET /v1/health ≥ 90% of the Express echo’s req/s (same trial)', actual: percent(healthRatio), met: healthRatio >= 0.9 },
    { target: 'sync execute p99 ≤ 3× its p50', actual: `${fixed(tail, 2)}× (${fixed(sync?.p50Ms ?? Number.NaN, 2)} / ${fixed(sync?.p99Ms ?? Number.NaN, 2)} ms)`, met: tail <= 3 },
    {
      target: `1% malformed: good requests ≥ 90% of the clean sync execute’s req/s (same trial)`,
      actual: percent(malformed.ratioToSync),
      met: malformed.ratioToSync >= 0.9,
    },
    {
      target: 'every malformed request answered its contract error (400 invalid_request, 404 not_found)',
      actual: `${malformedKinds.reduce((sum, outcome) => sum + outcome.answered, 0)} answered, ${wrongAnswers} wrong`,
      met: everyMalformedAnswered(malformed.outcomes),
    },
    { target: 'engine overhead p50 ≤ 0.1 ms/step', actual: `${fixed(perStep, 4)} ms`, met: perStep <= 0.1 },
    { target: 'startup to healthy ≤ 1 s', actual: `${fixed(report.startup.medianMs, 0)} ms`, met: report.startup.medianMs <= 1000 },
    { target: `idle RSS of the server ≤ 80 MB ${IDLE_TARGET_AFTER_SECONDS} s after start (VmRSS)`, actual: `${fixed(idleMb, 1)} MB`, met: idleMb <= 80 },
    { target: 'SSE first event p50 ≤ 5 ms', actual: `${fixed(report.stream.firstEventP50Ms, 2)} ms`, met: report.stream.firstEventP50Ms <= 5 },
    { target: 'sync execute, state on Redis ≥ 90% of in memory', actual: percent(redisRatio), met: redisRatio >= 0.9 },
    {
      target: 'async on Redis, --workers 2 ≥ 1.5× one process',
      actual: `${fixed(workersRatio, 2)}× (at most ${fixed(workersCeiling(report.shared.asyncOneProcess), 2)}× here: one process kept ${fixed(report.shared.asyncOneProcess.coresBusy, 2)} of ${report.shared.asyncOneProcess.cores} cores busy)`,
      met: workersRatio >= 1.5,
    },
    { target: 'console first render of the catalogue < 1 s (cold, median)', actual: `${fixed(renderMs, 0)} ms`, met: renderMs < 1000 },
  ];
}

type Table = { readonly headers: readonly string[]; readonly rows: readonly (readonly string[])[]; readonly right?: readonly boolean[] };

/** A plain-text table with padded columns (right-aligned where `right` says so). */
export function formatTable({ headers, rows, right = [] }: Table): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (right[column] === true ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** A GitHub-flavoured markdown table (pipes in cells escaped). */
export function markdownTable({ headers, rows, right = [] }: Table): string {
  const escape = (cell: string): string => cell.replaceAll('|', '\\|');
  const line = (cells: readonly string[]): string => `| ${cells.map(escape).join(' | ')} |`;
  return [line(headers), `|${headers.map((_, column) => (right[column] === true ? '---:' : '---')).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The where-the-time-goes table: every layer, the stored before next to this run's after. */
export function layerTable(after: WhereTheTimeGoes, before: WhereTheTimeGoes | undefined): Table {
  const beforeOf = new Map((before?.layers ?? []).map((layer) => [layer.layer, layer]));
  const cells = (figures: { micros: number; share: number } | undefined): string[] => (figures === undefined ? ['', ''] : [fixed(figures.micros, 1), percent(figures.share)]);
  // A layer the before file has and this run does not (renamed since) still shows.
  const layers = [...after.layers, ...(before?.layers ?? []).filter((layer) => !after.layers.some((mine) => mine.layer === layer.layer))];
  return {
    headers: ['layer', `before µs/req (${before?.commit ?? 'not recorded'})`, 'before share', 'after µs/req (this run)', 'after share'],
    right: [false, true, true, true, true],
    rows: [
      ...layers.map((layer) => [layer.label, ...cells(beforeOf.get(layer.layer)), ...cells(after.layers.find((mine) => mine.layer === layer.layer))]),
      ['total: server CPU per request (median of the windows)', before === undefined ? '' : fixed(before.cpuMicrosPerRequest, 1), before === undefined ? '' : '100.0%', fixed(after.cpuMicrosPerRequest, 1), '100.0%'],
      ['Express echo CPU per request at the same time (the machine’s speed)', before === undefined ? '' : fixed(before.echoCpuMicrosPerRequest, 1), '', fixed(after.echoCpuMicrosPerRequest, 1), ''],
      [
        'total ÷ Express echo (compares across machines and loads)',
        before === undefined ? '' : `${fixed(before.cpuMicrosPerRequest / before.echoCpuMicrosPerRequest, 2)}×`,
        '',
        `${fixed(after.cpuMicrosPerRequest / after.echoCpuMicrosPerRequest, 2)}×`,
        '',
      ],
      ['req/s of the profiled windows (profiler on)', before === undefined ? '' : fixed(before.requestsPerSecond, 0), '', fixed(after.requestsPerSecond, 0), ''],
    ],
  };
}

export function topFunctionTable(figures: WhereTheTimeGoes): Table {
  return {
    headers: ['#', 'function', 'location', 'self share', 'µs/req'],
    right: [true, false, false, true, true],
    rows: figures.top.map((entry, index) => [String(index + 1), entry.name, entry.location, percent(entry.share), fixed(entry.micros, 2)]),
  };
}

function tables(report: BenchReport): { throughput: Table; malformed: Table; malformedKinds: Table; latency: Table; targets: Table; engine: Table; layers: Table; top: Table } {
  const throughput: Table = {
    headers: ['scenario', 'req/s', 'vs Express echo', 'trial range', 'CPU µs/req', 'server CPU busy', 'p50 ms', 'p99 ms', 'requests', 'failures'],
    right: [false, true, true, true, true, true, true, true, true, true],
    rows: report.throughput.map((row, index) => [
      row.name,
      fixed(row.requestsPerSecond, 0),
      index === 0 ? 'baseline' : percent(ratioToBaseline(report.throughput, row)),
      index === 0 || row.ratioRange === undefined ? '' : `${fixed(row.ratioRange[0] * 100, 1)}–${fixed(row.ratioRange[1] * 100, 1)}%`,
      fixed(row.cpuMicrosPerRequest, 1),
      `${fixed((row.requestsPerSecond * row.cpuMicrosPerRequest) / 1e4, 0)}%`,
      fixed(row.p50Ms, 2),
      fixed(row.p99Ms, 2),
      String(row.total),
      String(row.failures),
    ]),
  };
  const { malformed } = report;
  const malformedTable: Table = {
    headers: ['measure', 'value'],
    right: [false, true],
    rows: [
      [`good requests answered 200, req/s`, fixed(malformed.goodRequestsPerSecond, 0)],
      [`vs the clean sync execute of the same trial (median, range)`, `${percent(malformed.ratioToSync)} (${fixed(malformed.ratioRange[0] * 100, 1)}–${fixed(malformed.ratioRange[1] * 100, 1)}%)`],
      [`server CPU per answered request`, `${fixed(malformed.cpuMicrosPerRequest, 1)} µs`],
      [`p50 / p99, all requests`, `${fixed(malformed.p50Ms, 2)} / ${fixed(malformed.p99Ms, 2)} ms`],
      [`socket errors and timeouts`, String(malformed.socketErrors)],
    ],
  };
  const malformedKinds: Table = {
    headers: ['request kind', 'contract answer', 'answered', 'wrong answers (by status)'],
    right: [false, false, true, false],
    rows: malformed.outcomes.map((outcome) => {
      const wrong = Object.entries(outcome.wrong);
      return [outcome.kind, outcome.expected, String(outcome.answered), wrong.length === 0 ? 'none' : wrong.map(([status, count]) => `${count} × ${status}`).join(', ')];
    }),
  };
  const { stream, async: runs, rss, startup, registry, logLine } = report;
  const latency: Table = {
    headers: ['measure', 'value'],
    right: [false, true],
    rows: [
      [`SSE first event p50 / p99 (${stream.streams} streams)`, `${fixed(stream.firstEventP50Ms, 2)} / ${fixed(stream.firstEventP99Ms, 2)} ms`],
      [`SSE done p50 / p99`, `${fixed(stream.doneP50Ms, 2)} / ${fixed(stream.doneP99Ms, 2)} ms`],
      [`SSE failed streams`, String(stream.failures)],
      [`async launch→completion (${runs.runs} runs)`, `${fixed(runs.runsPerSecond, 0)} runs/s (${fixed(runs.seconds, 2)} s)`],
      [`async runs completed / failed`, `${runs.completed} / ${runs.failed}`],
      report.consoleRender === undefined
        ? ['console first render of the catalogue', 'not measured (no /usr/bin/chromium or no console build)']
        : [
            `console first render of the catalogue, cold / warm (median of ${report.consoleRender.coldMs.length})`,
            `${fixed(median([...report.consoleRender.coldMs]), 0)} / ${fixed(median([...report.consoleRender.warmMs]), 0)} ms`,
          ],
      ...(['asyncOneProcess', 'asyncTwoWorkers'] as const).map((key) => {
        const figures = report.shared[key];
        const label = key === 'asyncOneProcess' ? 'one process' : '--workers 2';
        return [
          `async on Redis, ${label} (${figures.runs} runs)`,
          `${fixed(figures.runsPerSecond, 0)} runs/s (${figures.completed} completed, ${figures.failed} failed; machine ${fixed(figures.coresBusy, 2)} of ${figures.cores} cores busy)`,
        ];
      }),
      ...rss.idle.map((sample) => [`server RSS ${sample.afterSeconds} s after start, no request yet (VmRSS / RssAnon)`, `${fixed(sample.vmRssMb, 1)} / ${fixed(sample.anonMb, 1)} MB`]),
      [`Express echo RSS idle (VmRSS), for scale`, `${fixed(rss.echoIdleMb, 1)} MB`],
      [`server RSS under load (max)`, `${fixed(rss.loadMaxMb, 1)} MB`],
      [`startup to healthy, median of ${startup.runsMs.length}`, `${fixed(startup.medianMs, 0)} ms (${startup.runsMs.map((ms) => fixed(ms, 0)).join(', ')})`],
      [`registry load ${registry.capabilities} caps / ${registry.skills} skills`, `median ${fixed(registry.medianMs, 0)} ms, min ${fixed(registry.minMs, 0)} ms`],
      [
        `request log line, CPU per request (winston, batched; median of ${logLine.runs.length})`,
        `${fixed(logLine.cpuMicros, 1)} µs (${logLine.runs.map((us) => fixed(us, 1)).join(', ')})`,
      ],
    ],
  };
  const engine: Table = {
    headers: ['engine scenario', 'steps', 'runs/s', 'per step p50 ms', 'per step p99 ms'],
    right: [false, true, true, true, true],
    rows: report.engine.map((figure) => [figure.scenario, String(figure.steps), fixed(figure.runsPerSecond, 0), fixed(figure.perStepP50Ms, 4), fixed(figure.perStepP99Ms, 4)]),
  };
  const targets: Table = {
    headers: ['target', 'actual', 'met'],
    rows: checkTargets(report).map((check) => [check.target, check.actual, check.met ? 'yes' : 'NO']),
  };
  const { before, after } = report.whereTheTimeGoes;
  return { throughput, malformed: malformedTable, malformedKinds, latency, targets, engine, layers: layerTable(after, before), top: topFunctionTable(after) };
}

/** The console rendering: aligned tables. */
export function renderConsole(report: BenchReport): string {
  const { throughput, malformed, malformedKinds, latency, engine, layers, top, targets } = tables(report);
  return [
    `load: ${report.loadGenerator}, ${report.options.connections} connections; ${describePinning(report.pinning)}`,
    formatTable(throughput),
    formatTable(malformed),
    formatTable(malformedKinds),
    formatTable(latency),
    formatTable(engine),
    formatTable(layers),
    formatTable(top),
    formatTable(targets),
  ].join('\n\n');
}

/** The where-the-time-goes tables alone (`--profile-only`, `--record-before`). */
export function renderWhereTheTimeGoes(after: WhereTheTimeGoes, before: WhereTheTimeGoes | undefined): string {
  return [formatTable(layerTable(after, before)), formatTable(topFunctionTable(after))].join('\n\n');
}

/** The BENCHMARKS.md document. */
export function renderMarkdown(report: BenchReport): string {
  const { throughput, malformed, malformedKinds, latency, engine, layers, top, targets } = tables(report);
  const { machine, options } = report;
  const { before, after } = report.whereTheTimeGoes;
  const idleSeconds = report.rss.idle.map((sample) => `${sample.afterSeconds} s`).join(', ');
  return `# Benchmarks

Generated by \`npm run bench\` (\`tools/bench/src/main.ts\`); do not edit by hand.

- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.platform}
- Node: ${machine.node}
- Date: ${machine.date}
- Load: ${report.loadGenerator}, ${options.connections} connections; each measured window of ${options.seconds} s follows
  ${options.warmupSeconds} s of the same load (not counted); ${options.trials} trials.
- Pinning: ${describePinning(report.pinning)}. Other work on the machine still shares both CPUs.
- Servers: the Express echo is a bare Express 5 JSON echo, the node:http echo the same JSON parse and stringify with
  no framework, each in its own process; the service is the built \`apps/server/dist/main.js\` (rate limit raised out of
  the way, its request log on stderr drained), one process per configuration (in memory, state on Redis, tracing on),
  and a fresh one for each window of async launches, so the runs they keep never weigh on another row or window.
- Throughput: every scenario is paired with its baseline (the Express echo; for the malformed traffic, the clean sync
  execute) and each trial runs every pair back to back, the baseline first on even trials and second on odd ones,
  the pairs in rotating order. "vs Express echo" is the median of the per-trial ratios (each against the echo run of
  its own pair), so load from other work on the machine hits both sides of a ratio; req/s, latencies and CPU are
  medians over the windows.
- CPU µs/req: utime + stime of the server process from \`/proc/<pid>/stat\` before and after the measured window,
  over the requests answered in it (with state on Redis, Redis's own CPU is not included). "Server CPU busy" is
  req/s × CPU µs/req: near 100% the server's CPU was the limit; well below it, the load generator or other work on
  the machine was. The async launch row reads its "after" once the runs it launched have all finished (the process
  idle again), so it is the CPU of a launch and its run; its req/s counts the 202 answers of the window.
- RSS: VmRSS from \`/proc/<pid>/status\` of the server process alone (it spawns no child processes at startup:
  Python workers start on first use), ${idleSeconds} after it was started, no request in between. V8 keeps the young
  generation that startup grew until its memory reducer runs in an idle process (about 16 s after the process
  starts, on this Node), so the earlier figures hold that garbage room; the target reads the ${IDLE_TARGET_AFTER_SECONDS} s one.
  RssAnon is the private part; the rest is mostly the node binary's pages, shared with every other node process.

## HTTP throughput

${markdownTable(throughput)}

## Malformed traffic

Sync executes of the same skill with 1 request in ${report.malformed.everyNth} malformed, the kinds in turn: a body
that is not JSON, an unknown skill, a body without \`inputs\`. Each answer is checked for its status and the
\`error.code\` of its JSON body.

${markdownTable(malformed)}

${markdownTable(malformedKinds)}

## Streams, async runs, memory, startup, registry

${markdownTable(latency)}

## Engine overhead (in process, trivial capabilities)

${markdownTable(engine)}

## Where the time goes (${after.scenario})

Server CPU per request by layer. The service runs from its sources (\`apps/server/src/main.ts\` under tsx, same
arguments and environment as the built one) with \`--cpu-prof\`, pinned like the others, under the same sync-execute
load: a warm-up, then ${after.windows} windows of ${fixed(after.seconds / after.windows, 0)} s back to back, each with its CPU per request read from
/proc (this run: median ${fixed(after.cpuMicrosPerRequest, 1)} µs, windows from ${fixed(after.cpuMicrosPerRequestRange[0], 1)} to ${fixed(after.cpuMicrosPerRequestRange[1], 1)} µs). Each sample of
the windows (${after.samples} samples, ${fixed(after.sampledMs, 0)} ms busy) goes to the layer of the first frame, from the leaf up,
that is one of the repository's files or a known package (\`tools/bench/src/profile-layers.ts\` has the rules); node's
HTTP, socket and stream modules count only when nothing above them decides. A layer's µs/req is its share of the
sampled time × the median CPU per request (threads other than the main one, such as GC helpers, are spread in
proportion). The profiler and the source run cost something of their own, and tsx's \`__name\` calls are not in the
built server at all. On a virtual machine whose host is busy, CPU time per request rises with the host's load, so
each window follows one of the Express echo on the same CPU: when the echo's figure differs much between the two
columns, their µs do not compare, and the shares (which move by about a point between runs of the same code) are
the better guide.
"Before" is ${before === undefined ? 'not recorded' : `the service code of commit ${before.commit}, measured ${before.date}`} (\`tools/bench/baselines/where-the-time-goes-before.json\`,
re-recorded with \`npm run bench -- --record-before\`); "after" is this run (commit ${after.commit}).

${markdownTable(layers)}

Top ${after.top.length} functions by self time in this run's window (tsx-compiled files mapped back to their source line):

${markdownTable(top)}

## Targets

${markdownTable(targets)}
`;
}
