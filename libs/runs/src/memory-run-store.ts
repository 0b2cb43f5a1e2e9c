import type { RunRecord } from '@skill-service/contracts';
import type { RunCounts, RunOutcome, RunStore } from './run-store-port.js';

/**
 * The run records in this process's memory, in creation order, capped: storing one beyond the cap
 * evicts the oldest first (FIFO, as the contract says). Lost on restart; one process only.
 */
export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, RunRecord>();
  private readonly launchers = new Map<string, string>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`MemoryRunStore: capacity must be an integer ≥ 1, got ${capacity}`);
    }
  }

  async create(record: RunRecord, launchedBy?: string): Promise<RunRecord[]> {
    this.runs.set(record.run_id, { ...record });
    if (launchedBy !== undefined) this.launchers.set(record.run_id, launchedBy);
    const evicted: RunRecord[] = [];
    for (const [id, oldest] of this.runs) {
      if (this.runs.size <= this.capacity) break;
      this.runs.delete(id);
      this.launchers.delete(id);
      evicted.push({ ...oldest });
    }
    return evicted;
  }

  async get(runId: string): Promise<RunRecord | undefined> {
    const record = this.runs.get(runId);
    return record === undefined ? undefined : { ...record };
  }

  async list(limit: number): Promise<RunRecord[]> {
    return [...this.runs.values()]
      .reverse()
      .slice(0, limit)
      .map((record) => ({ ...record }));
  }

  async finish(runId: string, outcome: RunOutcome): Promise<boolean> {
    const record = this.runs.get(runId);
    if (record === undefined || record.status !== 'running') return false;
    this.runs.set(runId, {
      ...record,
      status: outcome.status,
      finished_at: outcome.finished_at,
      result: outcome.status === 'completed' ? outcome.result : null,
      error: outcome.status === 'failed' ? outcome.error : null,
    });
    return true;
  }

  async remove(runId: string): Promise<void> {
    this.runs.delete(runId);
    this.launchers.delete(runId);
  }

  async count(): Promise<RunCounts> {
    let running = 0;
    for (const record of this.runs.values()) if (record.status === 'running') running += 1;
    return { stored: this.runs.size, running };
  }

  async close(): Promise<void> {
    // Nothing to release: the records live as long as the process.
  }

  async launcher(runId: string): Promise<string | undefined> {
    return this.launchers.get(runId);
  }
}
