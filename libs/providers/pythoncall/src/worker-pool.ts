import { ServiceError, UpstreamFailureError } from '@skill-service/contracts';
import { PythonWorker, type WorkerLaunch } from './python-worker.js';
import type { PythonCallLogEntry } from './pythoncall-options.js';
import type { WorkerReply } from './worker-protocol.js';

export interface WorkerPoolConfig {
  readonly size: number;
  readonly maxQueue: number;
  readonly launch: Omit<WorkerLaunch, 'onLost'>;
  readonly log: (entry: PythonCallLogEntry) => void;
}

/** A snapshot of the pool for deep health and diagnostics (no paths, no payloads). */
export interface WorkerPoolHealth {
  readonly poolSize: number;
  readonly liveWorkers: number;
  readonly busy: number;
  readonly queued: number;
  /** Started workers lost while the pool was open (crash, kill, timeout, abort, protocol error). */
  readonly restarts: number;
  /** Attempts to start a worker that failed (e.g. no python3). */
  readonly spawnFailures: number;
  readonly lastError: { readonly message: string; readonly at: string } | undefined;
  /** True after a failed start, until a worker starts again. */
  readonly lastSpawnFailed: boolean;
  readonly closed: boolean;
  readonly workerPids: readonly number[];
}

interface Waiter {
  readonly signal: AbortSignal;
  readonly resolve: (worker: PythonWorker) => void;
  readonly reject: (error: unknown) => void;
  readonly onAbort: () => void;
}

const closedError = (): ServiceError => new ServiceError('service_unavailable', 'the pythoncall provider is closed');

/**
 * Up to `size` workers, started lazily when a call needs one and never restarted eagerly (a
 * broken interpreter cannot crash-loop); a lost worker's place is refilled by the next call.
 * Calls beyond the pool wait in a FIFO queue.
 */
export class WorkerPool {
  private readonly workers = new Set<PythonWorker>();
  private readonly busy = new Set<PythonWorker>();
  private readonly queue: Waiter[] = [];
  private readonly exiting = new Set<Promise<void>>();
  private restarts = 0;
  private spawnFailures = 0;
  private lastSpawnFailed = false;
  private lastError: WorkerPoolHealth['lastError'];
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly config: WorkerPoolConfig) {}

  /** Runs one call on a worker; rejects with `signal.reason` when the signal fires first. */
  async run(id: number, line: string, module: string, signal: AbortSignal): Promise<WorkerReply> {
    const worker = await this.acquire(signal);
    try {
      return await worker.execute(id, line, module, signal);
    } finally {
      this.busy.delete(worker);
      this.pump();
      if (this.busy.size === 0 && this.queue.length === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  health(): WorkerPoolHealth {
    return {
      poolSize: this.config.size,
      liveWorkers: this.workers.size,
      busy: this.busy.size,
      queued: this.queue.length,
      restarts: this.restarts,
      spawnFailures: this.spawnFailures,
      lastError: this.lastError,
      lastSpawnFailed: this.lastSpawnFailed,
      closed: this.closed,
      workerPids: [...this.workers].flatMap((worker) => (worker.pid === undefined ? [] : [worker.pid])),
    };
  }

  /** Lets the calls already running or waiting finish, then closes (a pool replaced by a newer one). */
  async closeWhenIdle(): Promise<void> {
    while (!this.closed && (this.busy.size > 0 || this.queue.length > 0)) {
      await new Promise<void>((resolve) => {
        this.idleWaiters.push(resolve);
      });
    }
    await this.close();
  }

  /** Rejects waiting and running calls, kills every worker and waits until all have exited. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.idleWaiters.splice(0)) wake();
    for (const waiter of this.queue.splice(0)) {
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.reject(closedError());
    }
    for (const worker of [...this.workers]) worker.discard(closedError());
    await Promise.all([...this.exiting]);
  }

  private acquire(signal: AbortSignal): Promise<PythonWorker> {
    if (this.closed) return Promise.reject(closedError());
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.queue.length === 0) {
      try {
        const worker = this.takeWorker();
        if (worker !== undefined) return Promise.resolve(worker);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    if (this.queue.length >= this.config.maxQueue) {
      return Promise.reject(
        new ServiceError(
          'service_unavailable',
          `all ${this.config.size} python workers are busy and ${this.queue.length} calls are already waiting`,
        ),
      );
    }
    return new Promise<PythonWorker>((resolve, reject) => {
      const waiter: Waiter = {
        signal,
        resolve,
        reject,
        onAbort: () => {
          const index = this.queue.indexOf(waiter);
          if (index !== -1) this.queue.splice(index, 1);
          reject(signal.reason);
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  /** Hands free capacity to waiting calls, first come first served. */
  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      let worker: PythonWorker | undefined;
      try {
        worker = this.takeWorker();
      } catch (error) {
        const waiter = this.queue.shift();
        waiter?.signal.removeEventListener('abort', waiter.onAbort);
        waiter?.reject(error);
        continue;
      }
      if (worker === undefined) return;
      const waiter = this.queue.shift();
      if (waiter === undefined) return;
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(worker);
    }
  }

  /** An idle worker, else a new one while below `size`, marked busy; undefined when all are busy. */
  private takeWorker(): PythonWorker | undefined {
    let worker = [...this.workers].find((candidate) => !this.busy.has(candidate) && candidate.usable);
    if (worker === undefined && this.workers.size < this.config.size) worker = this.startWorker();
    if (worker !== undefined) this.busy.add(worker);
    return worker;
  }

  private startWorker(): PythonWorker {
    let worker: PythonWorker;
    try {
      worker = new PythonWorker({ ...this.config.launch, onLost: (lost, description) => this.onLost(lost, description) });
    } catch (error) {
      this.noteSpawnFailure('could not start the python worker: invalid launch configuration');
      throw new UpstreamFailureError('could not start the python worker: invalid launch configuration', {
        cause: error,
      });
    }
    this.workers.add(worker);
    const exited = worker.exited.then(() => {
      this.exiting.delete(exited);
    });
    this.exiting.add(exited);
    if (worker.pid !== undefined) this.lastSpawnFailed = false;
    return worker;
  }

  private onLost(worker: PythonWorker, description: string): void {
    this.workers.delete(worker);
    if (!this.closed) {
      if (worker.pid === undefined) this.noteSpawnFailure(description);
      else {
        this.restarts += 1;
        this.lastError = { message: description, at: new Date().toISOString() };
        this.config.log({ level: 'warn', message: description, workerPid: worker.pid });
      }
    }
    // The lost worker's place is free again: a waiting call may start a fresh worker. Deferred,
    // so the lost worker's own call settles before capacity moves on.
    queueMicrotask(() => this.pump());
  }

  private noteSpawnFailure(description: string): void {
    this.spawnFailures += 1;
    this.lastSpawnFailed = true;
    this.lastError = { message: description, at: new Date().toISOString() };
    this.config.log({ level: 'error', message: description, workerPid: undefined });
  }
}
