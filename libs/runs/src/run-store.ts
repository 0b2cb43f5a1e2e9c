import type { RunRecord } from '@skill-service/contracts';

/** A run as kept in memory: its public record and the switch that cancels it. */
export interface StoredRun {
  readonly record: RunRecord;
  readonly controller: AbortController;
}

/**
 * The in-memory runs, in creation order, capped: adding one beyond the cap evicts the oldest first
 * (FIFO, as the contract says) and hands each evicted run to `onEvict` so a running one can be
 * cancelled instead of finishing unobserved.
 */
export class RunStore {
  private readonly runs = new Map<string, StoredRun>();

  constructor(
    readonly capacity: number,
    private readonly onEvict: (run: StoredRun) => void,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`RunStore: capacity must be an integer ≥ 1, got ${capacity}`);
    }
  }

  get size(): number {
    return this.runs.size;
  }

  add(run: StoredRun): void {
    this.runs.set(run.record.run_id, run);
    for (const [id, oldest] of this.runs) {
      if (this.runs.size <= this.capacity) break;
      this.runs.delete(id);
      this.onEvict(oldest);
    }
  }

  get(runId: string): StoredRun | undefined {
    return this.runs.get(runId);
  }

  /** Whether this exact run is still stored (an evicted run's late outcome is dropped). */
  holds(run: StoredRun): boolean {
    return this.runs.get(run.record.run_id) === run;
  }

  all(): StoredRun[] {
    return [...this.runs.values()];
  }

  /** At most `limit` runs, the most recently created first. */
  newestFirst(limit: number): StoredRun[] {
    return [...this.runs.values()].reverse().slice(0, limit);
  }
}
