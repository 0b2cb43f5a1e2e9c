import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ServiceError } from '@skill-service/contracts';
import type { RunJobData, RunProcessor, RunQueue } from '@skill-service/runs';

/** A fresh queue (nothing queued, not started), and how to dispose of it after its close. */
export type RunQueueFactory = () => Promise<{ readonly queue: RunQueue; readonly dispose: () => Promise<void> }>;

export interface RunQueueContractOptions {
  /**
   * What an executing run's signal carries once the drain time is over: `cancelled` (a local queue:
   * a shutdown error) or `handed back` (a shared queue gives the run to another process).
   */
  readonly pastDrain: 'cancelled' | 'handed back';
}

/** Polls until `check` holds (generous bound: the machine may be loaded). */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Execution {
  readonly job: RunJobData;
  readonly signal: AbortSignal;
  release(): void;
}

/** A processor whose runs wait until released or aborted (then reject with the abort reason). */
export function heldProcessor(): RunProcessor & { executions: Execution[]; abandoned: [string, string][]; settled: string[] } {
  const executions: Execution[] = [];
  const abandoned: [string, string][] = [];
  const settled: string[] = [];
  return {
    executions,
    abandoned,
    settled,
    execute: (job, signal) =>
      new Promise<void>((resolve, reject) => {
        let done = false;
        const release = (): void => {
          if (done) return;
          done = true;
          settled.push(job.run_id);
          resolve();
        };
        executions.push({ job, signal, release });
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    abandon: async (runId, error) => {
      abandoned.push([runId, error]);
    },
  };
}

export const runJob = (runId: string, inputs: Record<string, unknown> = { text: runId }): RunJobData => ({
  run_id: runId,
  skill_id: 'text.shout',
  trace_id: `trace-${runId}`,
  inputs,
  execution: { channel: 'http-async', audit_mode: 'full', confirmed_capabilities: ['c.one'] },
  trace_carrier: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
});

// Generous: the machine may be loaded; every wait inside a test has its own bound.
const TEST_TIMEOUT_MS = 60_000;

/** What every run queue does, whatever runs the jobs: written once, run by a spec per adapter. */
export function describeRunQueueContract(adapter: string, open: RunQueueFactory, options: RunQueueContractOptions): void {
  describe(`RunQueue contract: ${adapter}`, () => {
    let queue: RunQueue;
    let dispose: () => Promise<void>;
    let closed: boolean;

    beforeEach(async () => {
      ({ queue, dispose } = await open());
      closed = false;
    });
    afterEach(async () => {
      if (!closed) await queue.close(0);
      await dispose();
    });

    const ids = (processor: ReturnType<typeof heldProcessor>): string[] => processor.executions.map((execution) => execution.job.run_id).sort();

    it('hands each job to the processor once, as the same plain data', async () => {
      const processor = heldProcessor();
      queue.start(processor, 2);
      await queue.enqueue(runJob('a', { text: 'ä', list: [1, { deep: [null] }], empty: {} }));
      await eventually('the job to execute', () => processor.executions.length === 1);
      expect(processor.executions[0]?.job).toEqual(runJob('a', { text: 'ä', list: [1, { deep: [null] }], empty: {} }));
      processor.executions[0]?.release();
      await eventually('the job to settle', () => processor.settled.length === 1);
      expect(processor.executions).toHaveLength(1);
    }, TEST_TIMEOUT_MS);

    it('executes at most `concurrency` jobs at once in this process; the others wait', async () => {
      const processor = heldProcessor();
      queue.start(processor, 2);
      for (const id of ['a', 'b', 'c']) await queue.enqueue(runJob(id));
      await eventually('two jobs to execute', () => processor.executions.length === 2);
      await eventually('the stats to say so', async () => {
        const stats = await queue.stats();
        return stats.executing === 2 && stats.queued === 1;
      });
      expect(await queue.stats()).toEqual({ executing: 2, queued: 1, workers: 2 });
      processor.executions[0]?.release();
      await eventually('the third job to execute', () => processor.executions.length === 3);
      for (const execution of processor.executions) execution.release();
      await eventually('every job to settle', () => processor.settled.length === 3);
      expect(ids(processor)).toEqual(['a', 'b', 'c']);
    }, TEST_TIMEOUT_MS);

    it('cancels an executing run: its signal aborts with a service_unavailable error carrying the reason', async () => {
      const processor = heldProcessor();
      queue.start(processor, 1);
      await queue.enqueue(runJob('a'));
      await eventually('the job to execute', () => processor.executions.length === 1);
      await queue.cancel('a', 'Run cancelled: evicted');
      const { signal } = processor.executions[0]!;
      await eventually('the signal to abort', () => signal.aborted);
      expect(signal.reason).toBeInstanceOf(ServiceError);
      expect(signal.reason).toMatchObject({ code: 'service_unavailable', message: 'Run cancelled: evicted' });
    }, TEST_TIMEOUT_MS);

    it('cancels a waiting run: it never executes, or executes already aborted', async () => {
      const processor = heldProcessor();
      queue.start(processor, 1);
      await queue.enqueue(runJob('a'));
      await eventually('the first job to execute', () => processor.executions.length === 1);
      await queue.enqueue(runJob('b'));
      await queue.cancel('b', 'Run cancelled: evicted');
      processor.executions[0]?.release();
      await queue.enqueue(runJob('c'));
      await eventually('the last job to execute', () => processor.executions.some((execution) => execution.job.run_id === 'c'));
      const b = processor.executions.find((execution) => execution.job.run_id === 'b');
      expect(b === undefined || b.signal.aborted).toBe(true);
    }, TEST_TIMEOUT_MS);

    it('at close, an executing run gets the drain time: one that ends within it settles normally', async () => {
      const processor = heldProcessor();
      queue.start(processor, 1);
      await queue.enqueue(runJob('a'));
      await eventually('the job to execute', () => processor.executions.length === 1);
      const closing = queue.close(60_000);
      closed = true;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(processor.executions[0]?.signal.aborted).toBe(false);
      processor.executions[0]?.release();
      await closing;
      expect(processor.settled).toEqual(['a']);
      await expect(queue.enqueue(runJob('late'))).rejects.toMatchObject({ code: 'service_unavailable' });
    }, TEST_TIMEOUT_MS);

    it(`at close, past the drain time an executing run's signal aborts: the run is ${options.pastDrain}`, async () => {
      const processor = heldProcessor();
      queue.start(processor, 1);
      await queue.enqueue(runJob('a'));
      await eventually('the job to execute', () => processor.executions.length === 1);
      const started = Date.now();
      await queue.close(300);
      closed = true;
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      const { signal } = processor.executions[0]!;
      expect(signal.aborted).toBe(true);
      if (options.pastDrain === 'cancelled') {
        expect(signal.reason).toMatchObject({ code: 'service_unavailable', message: 'Run cancelled: the service shut down before it finished' });
      } else {
        expect((signal.reason as Error).name).toBe('RunHandedBack');
      }
    });
  });
}
