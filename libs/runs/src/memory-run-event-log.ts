import { DEFAULT_MAX_RUN_EVENTS, type NewRunEvent, type RunEvent, type RunEventLog } from './run-event-log-port.js';

interface Log {
  readonly events: RunEvent[];
  done: boolean;
  /** Readers waiting for the next event. */
  readonly waiting: Set<() => void>;
}

/**
 * The run event logs in this process's memory: at most `maxRuns` logs (the oldest opened are
 * forgotten first, like the records) of at most `maxEventsPerRun` events each. One process only.
 */
export class MemoryRunEventLog implements RunEventLog {
  private readonly logs = new Map<string, Log>();

  constructor(
    private readonly maxRuns: number,
    readonly maxEventsPerRun: number = DEFAULT_MAX_RUN_EVENTS,
  ) {
    if (!Number.isInteger(maxRuns) || maxRuns < 1) throw new RangeError(`MemoryRunEventLog: maxRuns must be an integer ≥ 1, got ${maxRuns}`);
    if (!Number.isInteger(maxEventsPerRun) || maxEventsPerRun < 2) {
      throw new RangeError(`MemoryRunEventLog: maxEventsPerRun must be an integer ≥ 2, got ${maxEventsPerRun}`);
    }
  }

  async open(runId: string): Promise<void> {
    if (this.logs.has(runId)) return;
    this.logs.set(runId, { events: [], done: false, waiting: new Set() });
    for (const id of this.logs.keys()) {
      if (this.logs.size <= this.maxRuns) break;
      this.forget(id);
    }
  }

  async append(runId: string, type: string, data: unknown): Promise<number | undefined> {
    return (await this.appendMany(runId, [{ type, data }]))[0];
  }

  async appendMany(runId: string, events: readonly NewRunEvent[]): Promise<(number | undefined)[]> {
    const log = this.logs.get(runId);
    const ids = events.map(({ type, data }) => (log === undefined ? undefined : this.add(log, type, data)));
    if (log !== undefined && ids.some((id) => id !== undefined)) this.wake(log);
    return ids;
  }

  async read(runId: string, afterId: number, waitMs = 0): Promise<RunEvent[]> {
    const found = this.after(runId, afterId);
    const log = this.logs.get(runId);
    if (found.length > 0 || waitMs <= 0 || log === undefined || log.done) return found;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, waitMs);
      function finish(): void {
        clearTimeout(timer);
        log?.waiting.delete(finish);
        resolve();
      }
      log.waiting.add(finish);
    });
    return this.after(runId, afterId);
  }

  async drop(runId: string): Promise<void> {
    this.forget(runId);
  }

  async close(): Promise<void> {
    for (const log of this.logs.values()) this.wake(log);
  }

  private add(log: Log, type: string, data: unknown): number | undefined {
    if (log.done) return undefined;
    const isDone = type === 'done';
    if (!isDone && log.events.length >= this.maxEventsPerRun - 1) return undefined;
    const id = log.events.length + 1;
    log.events.push({ id, type, data });
    log.done = isDone;
    return id;
  }

  private after(runId: string, afterId: number): RunEvent[] {
    const events = this.logs.get(runId)?.events ?? [];
    // Ids are the positions from 1: the slice starts right after `afterId`.
    return events.slice(Math.max(0, afterId)).map((event) => ({ ...event }));
  }

  private forget(runId: string): void {
    const log = this.logs.get(runId);
    if (log === undefined) return;
    this.logs.delete(runId);
    this.wake(log);
  }

  private wake(log: Log): void {
    for (const resolve of [...log.waiting]) resolve();
  }
}
