import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { AJV_WORKER_SOURCE } from './ajv-worker-source.js';
import { issueMessages, type AjvIssue } from './issue-messages.js';
import { schemaDraft } from '@skill-service/baselines';
import {
  ValidationExecutionError,
  type SchemaValidator,
  type ValidationInput,
  type ValidationOutcome,
} from './schema-validator.js';

export interface AjvWorkerPoolOptions {
  /** Validations that may run at once; default min(4, CPUs). */
  readonly size?: number;
  /** Error strings returned per document (plus one "N more" line); default 100. */
  readonly maxErrors?: number;
  /** Per worker; a schema or document that exhausts them fails that validation only (504). */
  readonly resourceLimits?: ResourceLimits;
}

type WorkerAnswer =
  | { id: number; kind: 'result'; valid: boolean; issues: AjvIssue[]; issueCount: number }
  | { id: number; kind: 'invalid_schema'; message: string }
  | { id: number; kind: 'error'; message: string };

interface Waiter {
  resolve(worker: Worker): void;
  reject(error: unknown): void;
}

const resolveModule = createRequire(import.meta.url).resolve;

/**
 * The real variant's validator: ajv (full JSON Schema, draft-07 / 2019-09 / 2020-12, ajv-formats,
 * `allErrors`, `strict: false`) in worker threads. Ajv runs synchronously, so only a separate
 * thread can be stopped: when the time budget runs out (a catastrophic `pattern`, a huge
 * `uniqueItems`…) the worker is terminated and replaced, and the server stays responsive.
 */
export class AjvWorkerPool implements SchemaValidator {
  private readonly size: number;
  private readonly maxErrors: number;
  private readonly resourceLimits: ResourceLimits;
  private readonly modules: Record<string, string>;
  private readonly idle: Worker[] = [];
  private readonly live = new Set<Worker>();
  private readonly waiting: Waiter[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: AjvWorkerPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(4, availableParallelism()));
    this.maxErrors = options.maxErrors ?? 100;
    this.resourceLimits = options.resourceLimits ?? { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
    // Resolved here, next to this app, so the worker loads this app's ajv 8 (not a hoisted ajv 6).
    this.modules = {
      draft07: resolveModule('ajv'),
      draft2019: resolveModule('ajv/dist/2019'),
      draft2020: resolveModule('ajv/dist/2020'),
      formats: resolveModule('ajv-formats'),
    };
  }

  async validate(input: ValidationInput, signal: AbortSignal): Promise<ValidationOutcome> {
    const draft = schemaDraft(input.schema);
    if (typeof draft === 'object') return { kind: 'invalid_schema', message: draft.unsupported };
    const worker = await this.acquire(signal);
    const answer = await this.run(worker, { id: this.nextId++, draft, schema: input.schema, data: input.data, maxIssues: this.maxErrors }, signal);
    switch (answer.kind) {
      case 'result':
        return { kind: 'result', valid: answer.valid, errors: issueMessages(answer.issues, answer.issueCount, this.maxErrors) };
      case 'invalid_schema':
        return { kind: 'invalid_schema', message: answer.message };
      case 'error':
        throw new ValidationExecutionError(answer.message);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new ValidationExecutionError('the validator is shutting down'));
    const workers = [...this.live];
    this.live.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private acquire(signal: AbortSignal): Promise<Worker> {
    if (this.closed) return Promise.reject(new ValidationExecutionError('the validator is shut down'));
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    const idle = this.idle.pop();
    if (idle !== undefined) return Promise.resolve(idle);
    if (this.live.size < this.size) return Promise.resolve(this.spawn());
    return new Promise<Worker>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (worker) => {
          signal.removeEventListener('abort', onAbort);
          resolve(worker);
        },
        reject,
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private spawn(): Worker {
    const worker = new Worker(AJV_WORKER_SOURCE, { eval: true, workerData: { modules: this.modules }, resourceLimits: this.resourceLimits });
    // Idle workers must not keep the process alive; requests in flight keep the server alive anyway.
    worker.unref();
    // A worker that dies while idle (or after being discarded) just leaves the pool.
    worker.on('error', () => undefined);
    worker.on('exit', () => this.forget(worker));
    this.live.add(worker);
    return worker;
  }

  private run(worker: Worker, job: Record<string, unknown> & { id: number }, signal: AbortSignal): Promise<WorkerAnswer> {
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal.removeEventListener('abort', onAbort);
      };
      const onMessage = (answer: WorkerAnswer) => {
        if (answer.id !== job.id) return;
        cleanup();
        this.release(worker);
        resolve(answer);
      };
      const onError = (error: Error & { code?: unknown }) => {
        cleanup();
        this.discard(worker);
        reject(new ValidationExecutionError(workerFailure(error)));
      };
      const onExit = (code: number) => {
        cleanup();
        this.discard(worker);
        reject(new ValidationExecutionError(`validation worker exited with code ${code}`));
      };
      const onAbort = () => {
        cleanup();
        // The only way to stop synchronous ajv: end the thread, a fresh one replaces it.
        this.discard(worker);
        reject(signal.reason as Error);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        worker.postMessage(job);
      } catch (error) {
        cleanup();
        this.release(worker);
        reject(new ValidationExecutionError(`the document could not be handed to the validator: ${(error as Error).message}`));
      }
    });
  }

  private release(worker: Worker): void {
    if (this.closed || !this.live.has(worker)) return;
    const next = this.waiting.shift();
    if (next !== undefined) next.resolve(worker);
    else this.idle.push(worker);
  }

  private discard(worker: Worker): void {
    this.forget(worker);
    void worker.terminate();
    // Capacity freed: a waiting request gets a fresh worker.
    const next = this.waiting.shift();
    if (next !== undefined) {
      if (this.closed) next.reject(new ValidationExecutionError('the validator is shut down'));
      else next.resolve(this.spawn());
    }
  }

  private forget(worker: Worker): void {
    this.live.delete(worker);
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
  }
}

/** A worker crash as a client may read it: no file paths or internals, only what helps. */
function workerFailure(error: Error & { code?: unknown }): string {
  if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'the validation ran out of memory';
  return error.name === 'RangeError' ? error.message : 'the validation worker failed';
}
