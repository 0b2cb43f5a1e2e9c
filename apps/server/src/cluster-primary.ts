import cluster, { type Worker } from 'node:cluster';

export interface ClusterPrimaryOptions {
  readonly workers: number;
  /** How long the workers get to drain after SIGTERM before they are killed. */
  readonly drainMs: number;
  readonly log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/** A worker that dies this soon after its start, again and again, is not restarted forever. */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS_PER_WINDOW = 5;
/** Beyond the drain: the workers' own shutdown (closing providers and connections). */
const SHUTDOWN_MARGIN_MS = 5_000;

/**
 * The primary of `--workers N`: forks N full servers that share the listening port (node:cluster
 * hands the one socket to all of them), replaces a worker that dies while serving, and on SIGTERM or
 * SIGINT passes the signal on and exits once every worker has drained — 0 when all exited cleanly.
 * A worker that fails before it ever listened (bad configuration, port taken) stops the whole
 * cluster with its exit code: forking it again would fail the same way.
 */
export function runClusterPrimary(options: ClusterPrimaryOptions): void {
  const listening = new WeakSet<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const fork = (): void => {
    cluster.fork();
  };
  const finishWhenEmpty = (): void => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  };
  const stop = (code: number): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      options.log('error', `workers still running ${Math.round((options.drainMs + SHUTDOWN_MARGIN_MS) / 1000)} s after SIGTERM; killing them`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, options.drainMs + SHUTDOWN_MARGIN_MS).unref();
    finishWhenEmpty();
  };

  cluster.on('listening', (worker) => listening.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0 && code !== null) exitCode = exitCode === 0 ? code : exitCode;
      finishWhenEmpty();
      return;
    }
    const how = signal === null ? `code ${code}` : signal;
    if (!listening.has(worker)) {
      options.log('error', `worker ${worker.process.pid} exited (${how}) before it listened; stopping the cluster`);
      stop(code === 0 || code === null ? 1 : code);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && (restarts[0] ?? now) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS_PER_WINDOW) {
      options.log('error', `worker ${worker.process.pid} exited (${how}); ${MAX_RESTARTS_PER_WINDOW} restarts within a minute, stopping the cluster`);
      stop(1);
      return;
    }
    restarts.push(now);
    options.log('warn', `worker ${worker.process.pid} exited (${how}); starting another`);
    fork();
  });

  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  for (let i = 0; i < options.workers; i += 1) fork();
  options.log('info', `cluster primary ${process.pid} started ${options.workers} workers`);
}
