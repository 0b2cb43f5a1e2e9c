/*
 * Pure helpers of the HTTP benchmark (`main.ts`): argument parsing, percentiles, /proc parsing,
 * an incremental SSE frame reader, the target checks and the two renderings (console, markdown).
 * No I/O here, so the specs cover them without running a benchmark.
 */

export interface BenchOptions {
  /** Seconds of each autocannon run (one scenario in one trial). */
  readonly seconds: number;
  /** Rounds over every HTTP scenario, the echo baseline included, in rotating order. */
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
  /** Where BENCHMARKS.md goes (relative to the checkout). */
  readonly output: string;
}

export const DEFAULT_OPTIONS: BenchOptions = {
  seconds: 3,
  trials: 5,
  connections: 20,
  streams: 200,
  asyncRuns: 500,
  startups: 5,
  engineIterations: 20_000,
  output: 'BENCHMARKS.md',
};

const NUMERIC_FLAGS = {
  '--seconds': 'seconds',
  '--trials': 'trials',
  '--connections': 'connections',
  '--streams': 'streams',
  '--async-runs': 'asyncRuns',
  '--startups': 'startups',
  '--engine-iterations': 'engineIterations',
} as const satisfies Record<string, keyof BenchOptions>;

const isNumericFlag = (flag: string): flag is keyof typeof NUMERIC_FLAGS => Object.hasOwn(NUMERIC_FLAGS, flag);

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

/** Parses `--flag value` and `--flag=value`; throws on an unknown flag or a value that is not a positive number. */
export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: { -readonly [K in keyof BenchOptions]: BenchOptions[K] } = { ...DEFAULT_OPTIONS };
  for (const [flag, value] of flagPairs(argv)) {
    if (flag === '--output') {
      options.output = value;
    } else if (isNumericFlag(flag)) {
      const number = positiveNumber(flag, value);
      options[NUMERIC_FLAGS[flag]] = flag === '--seconds' ? number : Math.round(number);
    } else {
      throw new Error(`unknown option ${flag} (known: ${[...Object.keys(NUMERIC_FLAGS), '--output'].join(', ')})`);
    }
  }
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

export interface ThroughputRow {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Connection errors plus non-2xx answers. */
  readonly failures: number;
  readonly total: number;
  /** Median over the trials of this row's req/s divided by the echo's in the same trial. */
  readonly ratioToEcho?: number;
  /** The smallest and largest of those per-trial ratios (how noisy the machine was). */
  readonly ratioRange?: readonly [number, number];
}

/** One autocannon run of one scenario. */
export interface TrialSample {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly failures: number;
  readonly total: number;
}

/**
 * One row from a scenario's trials: medians of req/s and latencies, summed counts, and the median of
 * its per-trial ratios to the echo (trial i of the scenario against trial i of the echo, run next to
 * each other, so a burst of load from elsewhere hits both sides of a ratio).
 */
export function summarizeTrials(name: string, samples: readonly TrialSample[], echo: readonly TrialSample[]): ThroughputRow {
  const ratios = samples.flatMap((sample, trial) => {
    const baseline = echo[trial]?.requestsPerSecond ?? 0;
    return baseline > 0 ? [sample.requestsPerSecond / baseline] : [];
  });
  return {
    name,
    requestsPerSecond: median(samples.map((sample) => sample.requestsPerSecond)),
    p50Ms: median(samples.map((sample) => sample.p50Ms)),
    p99Ms: median(samples.map((sample) => sample.p99Ms)),
    failures: samples.reduce((sum, sample) => sum + sample.failures, 0),
    total: samples.reduce((sum, sample) => sum + sample.total, 0),
    ...(ratios.length === 0 ? {} : { ratioToEcho: median(ratios), ratioRange: [Math.min(...ratios), Math.max(...ratios)] as const }),
  };
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

/** The service's memory some time after it became healthy, with no request in between. */
export interface IdleSample {
  readonly afterSeconds: number;
  /** VmRSS: everything resident, the node binary's shared pages included. */
  readonly vmRssMb: number;
  /** RssAnon: the private part (heap, stacks, malloc). */
  readonly anonMb: number;
}

/**
 * When the idle target is read: V8's memory reducer shrinks an idle process's young generation
 * (committed during startup) about 16 s after the process starts, so the figures 1 s and 15 s after
 * healthy still hold startup's garbage room; the one without traffic for this long is the idle footprint.
 */
export const IDLE_TARGET_AFTER_SECONDS = 25;

export interface BenchReport {
  readonly machine: { readonly cpu: string; readonly cores: number; readonly node: string; readonly date: string; readonly platform: string };
  readonly options: BenchOptions;
  /** The first row is the echo baseline. */
  readonly throughput: readonly ThroughputRow[];
  readonly stream: StreamFigures;
  readonly async: AsyncFigures;
  /** The service's idle samples (1 s after healthy, then later without traffic) and its peak under load; the echo's for scale. */
  readonly rss: { readonly idle: readonly IdleSample[]; readonly loadMaxMb: number; readonly echoIdleMb: number };
  readonly startup: { readonly runsMs: readonly number[]; readonly medianMs: number };
  readonly engine: readonly EngineFigure[];
  readonly registry: RegistryFigure;
  /** CPU time of one request's log line (formatting, redaction, batched write), median of runs. */
  readonly logLine: { readonly cpuMicros: number; readonly runs: readonly number[] };
  readonly syncRowName: string;
  /** The console's first render of the catalogue (ms per run); undefined without chromium or a console build. */
  readonly consoleRender?: { readonly coldMs: readonly number[]; readonly warmMs: readonly number[] } | undefined;
  /** State on Redis: the sync row measured in the same trials, and async throughput by process count. */
  readonly shared: { readonly syncRowName: string; readonly asyncOneProcess: AsyncFigures; readonly asyncTwoWorkers: AsyncFigures };
}

export interface TargetCheck {
  readonly target: string;
  readonly actual: string;
  readonly met: boolean;
}

const fixed = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** Ratio of a row's req/s to the baseline's (the first row): the per-trial median when there is one. */
export function ratioToBaseline(rows: readonly ThroughputRow[], row: ThroughputRow): number {
  if (row.ratioToEcho !== undefined) return row.ratioToEcho;
  const baseline = rows[0]?.requestsPerSecond ?? 0;
  return baseline > 0 ? row.requestsPerSecond / baseline : Number.NaN;
}

/** The figures the service is held to (performance budgets). */
export function checkTargets(report: BenchReport): TargetCheck[] {
  const sync = report.throughput.find((row) => row.name === report.syncRowName);
  const syncRatio = sync === undefined ? Number.NaN : ratioToBaseline(report.throughput, sync);
  const engine = report.engine.find((figure) => figure.steps === 3) ?? report.engine[0];
  const perStep = engine?.perStepP50Ms ?? Number.NaN;
  const idleMb = report.rss.idle.find((sample) => sample.afterSeconds === IDLE_TARGET_AFTER_SECONDS)?.vmRssMb ?? Number.NaN;
  const syncRedis = report.throughput.find((row) => row.name === report.shared.syncRowName);
  const redisRatio = syncRedis === undefined ? Number.NaN : ratioToBaseline(report.throughput, syncRedis) / syncRatio;
  const workersRatio = report.shared.asyncTwoWorkers.runsPerSecond / report.shared.asyncOneProcess.runsPerSecond;
  const renderMs = report.consoleRender === undefined ? Number.NaN : median([...report.consoleRender.coldMs]);
  return [
    { target: 'sync execute ≥ 40% of echo req/s', actual: `${fixed(syncRatio * 100, 1)}%`, met: syncRatio >= 0.4 },
    { target: 'engine overhead p50 ≤ 0.1 ms/step', actual: `${fixed(perStep, 4)} ms`, met: perStep <= 0.1 },
    { target: 'startup to healthy ≤ 1 s', actual: `${fixed(report.startup.medianMs, 0)} ms`, met: report.startup.medianMs <= 1000 },
    { target: `idle RSS ≤ 80 MB (VmRSS after ${IDLE_TARGET_AFTER_SECONDS} s without traffic)`, actual: `${fixed(idleMb, 1)} MB`, met: idleMb <= 80 },
    { target: 'SSE first event p50 ≤ 5 ms', actual: `${fixed(report.stream.firstEventP50Ms, 2)} ms`, met: report.stream.firstEventP50Ms <= 5 },
    { target: 'sync execute, state on Redis ≥ 90% of in memory', actual: `${fixed(redisRatio * 100, 1)}%`, met: redisRatio >= 0.9 },
    { target: 'async on Redis, --workers 2 ≥ 1.5× one process', actual: `${fixed(workersRatio, 2)}×`, met: workersRatio >= 1.5 },
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

function tables(report: BenchReport): { throughput: Table; latency: Table; targets: Table; engine: Table } {
  const throughput: Table = {
    headers: ['scenario', 'req/s', 'vs echo', 'vs echo, trial range', 'p50 ms', 'p99 ms', 'requests', 'failures'],
    right: [false, true, true, true, true, true, true, true],
    rows: report.throughput.map((row) => [
      row.name,
      fixed(row.requestsPerSecond, 0),
      `${fixed(ratioToBaseline(report.throughput, row) * 100, 1)}%`,
      row.ratioRange === undefined ? '' : `${fixed(row.ratioRange[0] * 100, 1)}–${fixed(row.ratioRange[1] * 100, 1)}%`,
      fixed(row.p50Ms, 2),
      fixed(row.p99Ms, 2),
      String(row.total),
      String(row.failures),
    ]),
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
        return [`async on Redis, ${label} (${figures.runs} runs)`, `${fixed(figures.runsPerSecond, 0)} runs/s (${figures.completed} completed, ${figures.failed} failed)`];
      }),
      ...rss.idle.map((sample) => [
        sample.afterSeconds <= 1 ? `server RSS ${sample.afterSeconds} s after healthy (VmRSS / RssAnon)` : `server RSS idle: after ${sample.afterSeconds} s without traffic (VmRSS / RssAnon)`,
        `${fixed(sample.vmRssMb, 1)} / ${fixed(sample.anonMb, 1)} MB`,
      ]),
      [`echo baseline RSS idle (VmRSS), for scale`, `${fixed(rss.echoIdleMb, 1)} MB`],
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
  return { throughput, latency, targets, engine };
}

/** The console rendering: four aligned tables. */
export function renderConsole(report: BenchReport): string {
  const { throughput, latency, engine, targets } = tables(report);
  return [formatTable(throughput), formatTable(latency), formatTable(engine), formatTable(targets)].join('\n\n');
}

/** The BENCHMARKS.md document. */
export function renderMarkdown(report: BenchReport): string {
  const { throughput, latency, engine, targets } = tables(report);
  const { machine, options } = report;
  const later = report.rss.idle
    .filter((sample) => sample.afterSeconds > 1)
    .map((sample) => `${sample.afterSeconds} s`)
    .join(' and ');
  return `# Benchmarks

Generated by \`npm run bench\` (\`tools/bench/src/main.ts\`); do not edit by hand.

- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.platform}
- Node: ${machine.node}
- Date: ${machine.date}
- Load: autocannon, ${options.connections} connections, ${options.trials} trials of ${options.seconds} s per scenario, in the
  same machine as the servers (the load generator competes with them for CPU). The echo baseline is a bare Express 5
  JSON echo server in its own process; the service is the built \`apps/server/dist/main.js\` (rate limit raised out of
  the way, its request log on stderr drained).
- Throughput: each trial runs every scenario once, the echo included, starting at a different scenario each time;
  req/s and latencies are medians over the trials, and "vs echo" is the median of the per-trial ratios (each against
  the echo run of the same trial), so load from other work on the machine hits both sides of a ratio.
- RSS: VmRSS from \`/proc/<pid>/status\` of the server process alone (it spawns no child processes at startup:
  Python workers start on first use), 1 s after it is healthy and again after ${later} without traffic. V8 keeps
  the young generation that startup grew until its memory reducer runs in an idle process (about 16 s after the process
  starts, on this Node), so the earlier figures hold that garbage room and the last one is the idle footprint; the
  target reads the ${IDLE_TARGET_AFTER_SECONDS} s one. RssAnon is the private part; the rest is mostly the node binary's pages,
  shared with every other node process.

## HTTP throughput

${markdownTable(throughput)}

## Streams, async runs, memory, startup, registry

${markdownTable(latency)}

## Engine overhead (in process, trivial capabilities)

${markdownTable(engine)}

## Targets

${markdownTable(targets)}
`;
}
