import { ServiceError } from '@skill-service/contracts';
import PQueue from 'p-queue';
import type { RunJobData } from './run-job.js';
import { RunMessages } from './run-messages.js';
import type { RunProcessor, RunQueue, RunQueueStats } from './run-queue-port.js';

interface QueuedRun {
  readonly job: RunJobData;
  readonly controller: AbortController;
  started: boolean;
}

/**
 * A bounded worker pool in this process (separate from each run's step concurrency). Jobs are
 * lost with the process; at shutdown the executing ones get the drain time, then are cancelled.
 */
export class MemoryRunQueue implements RunQueue {
  private readonly pool = new PQueue({ concurrency: 1, autoStart: false });
  private readonly runs = new Map<string, QueuedRun>();
  /** Runs executing outside the queue (streams), for their cancels. */
  private readonly held = new Map<string, AbortController>();
  private readonly settling = new Set<Promise<void>>();
  private processor: RunProcessor | undefined;
  private closed = false;

  async enqueue(job: RunJobData): Promise<void> {
    if (this.closed) throw new ServiceError('service_unavailable', RunMessages.closing);
    const run: QueuedRun = { job, controller: new AbortController(), started: false };
    this.runs.set(job.run_id, run);
    const settled = this.pool
      .add(() => this.execute(run))
      .finally(() => {
        this.settling.delete(settled);
        this.runs.delete(job.run_id);
      });
    this.settling.add(settled);
  }

  start(processor: RunProcessor, concurrency: number): void {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`MemoryRunQueue: concurrency must be an integer ≥ 1, got ${concurrency}`);
    }
    this.processor = processor;
    this.pool.concurrency = concurrency;
    this.pool.start();
  }

  async cancel(runId: string, reason: string): Promise<void> {
    const error = new ServiceError('service_unavailable', reason);
    this.runs.get(runId)?.controller.abort(error);
    this.held.get(runId)?.abort(error);
  }

  async hold(runId: string, canceller: AbortController): Promise<() => Promise<void>> {
    this.held.set(runId, canceller);
    return async () => {
      if (this.held.get(runId) === canceller) this.held.delete(runId);
    };
  }

  async stats(): Promise<RunQueueStats> {
    return { executing: this.pool.pending, queued: this.pool.size, workers: this.pool.concurrency };
  }

  async close(drainMs: number): Promise<void> {
    this.closed = true;
    const processor = this.processor;
    if (processor === undefined) {
      // Never started: nothing would ever take these jobs.
      this.pool.clear();
      return;
    }
    const shutDown = (run: QueuedRun): void => run.controller.abort(new ServiceError('service_unavailable', RunMessages.shutDown));
    // Runs still waiting for a worker fail now and never start; executing ones get the drain time.
    for (const run of this.runs.values()) {
      if (run.started) continue;
      shutDown(run);
      void processor.abandon(run.job.run_id, RunMessages.shutDown).catch(() => undefined);
    }
    const timer = setTimeout(() => {
      for (const run of this.runs.values()) shutDown(run);
    }, Math.max(0, drainMs));
    try {
      await Promise.allSettled([...this.settling]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async execute(run: QueuedRun): Promise<void> {
    run.started = true;
    await this.processor?.execute(run.job, run.controller.signal).catch(() => undefined);
  }
}
