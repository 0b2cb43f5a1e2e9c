import { InvalidRequestError, NotFoundError, ServiceError, toErrorPayload, type ErrorPayload, type RunRecord, type StreamEvent } from '@skill-service/contracts';
import type { NewRunEvent, RunEvent, RunEventLog } from './run-event-log-port.js';
import type { RunOutcome, RunStore } from './run-store-port.js';

/** How long a follower waits for new events before it looks at the run's record again. */
const FOLLOW_WAIT_MS = 1000;

/**
 * Records one execution's events in order, in batches: the events of one turn of the event loop
 * go in one append, and those that come while an append is in flight go in the next one. A batch
 * that fails is skipped, never fatal. Once the execution is over, what is left goes with its `done`.
 */
export interface RunRecorder {
  readonly record: (event: StreamEvent) => void;
  /** The execution is over: events not sent yet (or recorded from now on) wait for `end`. */
  hold(): void;
  /**
   * Appends, once the append in flight is done, the events still waiting and then `done` (when
   * given), in one call; rejects when that append fails (after the retries).
   */
  end(done?: NewRunEvent): Promise<void>;
}

/** The run's own `done` when its outcome is the stored one. */
export interface RunDone {
  readonly outcome: RunOutcome;
  readonly data: unknown;
}

/**
 * A run's events over its log and its record: recording an execution, its final `done` (exactly
 * one: the log takes nothing after it), and replaying then following the log until `done`.
 */
export class RunEvents {
  constructor(
    private readonly log: RunEventLog,
    private readonly store: RunStore,
    /** Runs an append again while the log is unreachable, so no event is skipped (its id would shift). */
    private readonly retry: <T>(operation: () => Promise<T>) => Promise<T> = (operation) => operation(),
  ) {}

  /** The `done` of a failure without its thrown error (a refused result, a run the queue gave up on). */
  static failure(message: string, traceId: string | null): ErrorPayload {
    return toErrorPayload(new ServiceError('internal_error', message), traceId);
  }

  recorder(runId: string): RunRecorder {
    let queued: NewRunEvent[] = [];
    let held = false;
    // The drain under way (waiting for its turn or appending); undefined once it stopped.
    let draining: Promise<void> | undefined;
    const drain = async (): Promise<void> => {
      // A burst of events (a fast execution emits several in one turn) goes in one append.
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (;;) {
        if (held || queued.length === 0) {
          // Cleared in the same turn the queue is seen empty: the next event starts a new drain.
          draining = undefined;
          return;
        }
        const batch = queued;
        queued = [];
        await this.retry(() => this.log.appendMany(runId, batch)).catch(() => undefined);
      }
    };
    return {
      record: (event) => {
        queued.push({ type: event.type, data: event });
        if (!held) draining ??= drain();
      },
      hold: () => {
        held = true;
      },
      end: async (done) => {
        held = true;
        await draining;
        const batch = done === undefined ? queued : [...queued, done];
        queued = [];
        if (batch.length > 0) await this.retry(() => this.log.appendMany(runId, batch));
      },
    };
  }

  /**
   * Appends the run's `done` once its record is finished: `ours` when its outcome is the stored one
   * (the first outcome wins), else one built from the stored record, so `done` never contradicts it.
   * `stored` says this process's finish stored `ours` (the store said so): the record need not be
   * read. The execution's `recorder` appends its last events in the same call as `done`.
   */
  async done(runId: string, ours: RunDone | undefined, stored = false, recorder?: RunRecorder): Promise<void> {
    const append = async (data: unknown): Promise<void> => {
      if (recorder !== undefined) await recorder.end({ type: 'done', data });
      else await this.retry(() => this.log.append(runId, 'done', data));
    };
    if (ours !== undefined && stored) return append(ours.data);
    let record: RunRecord | undefined;
    try {
      record = await this.retry(() => this.store.get(runId));
    } finally {
      // Without a done to go with (none is appended), the last events go alone.
      if (record === undefined || record.status === 'running') await recorder?.end().catch(() => undefined);
    }
    if (record === undefined || record.status === 'running') return;
    const won = ours !== undefined && ours.outcome.status === record.status && ours.outcome.finished_at === record.finished_at;
    await append(won ? ours.data : RunEvents.fromRecord(record));
  }

  /**
   * Checks the request, then answers the events after `afterId` as they come, ending after `done`.
   * 404 for an unknown run; 400 when `afterId` is beyond the last event of a finished run. A
   * running run's events after an id it has not reached yet are awaited (its process may not have
   * recorded the event a client saw yet).
   */
  async follow(runId: string, afterId: number, signal?: AbortSignal): Promise<AsyncIterable<RunEvent>> {
    const record = await this.store.get(runId);
    if (record === undefined) throw new NotFoundError(`Run '${runId}' not found`);
    if (afterId > 0) {
      const tail = await this.log.read(runId, afterId - 1);
      const finished = record.status !== 'running';
      if (tail.length === 0 && finished && afterId > (await this.lastId(runId))) {
        throw new InvalidRequestError(`Last-Event-ID ${afterId} is beyond the last event of run '${runId}'`, {
          details: [{ path: 'last_event_id', message: 'beyond the last event of this finished run' }],
        });
      }
    }
    return this.events(runId, afterId, signal);
  }

  private async *events(runId: string, afterId: number, signal?: AbortSignal): AsyncGenerator<RunEvent> {
    let after = afterId;
    let quietWhileFinished = 0;
    for (;;) {
      // Once the client is gone (signal aborted), what is recorded is still answered, never waited for.
      const events = await this.log.read(runId, after, signal?.aborted === true ? 0 : FOLLOW_WAIT_MS);
      for (const event of events) {
        yield event;
        after = event.id;
        if (event.type === 'done') return;
      }
      if (events.length > 0) continue;
      if (signal?.aborted === true) return;
      const record = await this.store.get(runId);
      // Evicted: its log is gone too.
      if (record === undefined) return;
      // Finished without a `done` yet: its process may still be appending it; after a second
      // quiet wait it never will (it died first), and the record says how the run ended.
      if (record.status !== 'running' && ++quietWhileFinished >= 2) return;
    }
  }

  private async lastId(runId: string): Promise<number> {
    const all = await this.log.read(runId, 0);
    return all.at(-1)?.id ?? 0;
  }

  private static fromRecord(record: RunRecord): unknown {
    if (record.status === 'completed' && record.result !== null) return record.result;
    return RunEvents.failure(record.error ?? 'Run failed', record.trace_id);
  }
}
