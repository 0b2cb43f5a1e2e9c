import type { RunRecord } from '@skill-service/contracts';
import type { RunCounts, RunOutcome, RunStore } from '@skill-service/runs';
import type { Redis } from 'ioredis';
import type { RedisSettings } from '../redis-settings.js';
import { redisRunKeys, type RedisRunKeys } from './redis-run-keys.js';
import { redisFailure } from '../state-errors.js';
import { decodeRunRecord, encodeRunOutcome, encodeRunRecord } from './run-record-codec.js';
import { COUNT_RUN_START_SCRIPT, CREATE_RUN_SCRIPT, FINISH_RUN_SCRIPT, REMOVE_RUN_SCRIPT } from './run-scripts.js';

/** The hash field naming the subject that launched the run (who may cancel it besides an operator). */
const LAUNCHED_BY_FIELD = 'launched_by';

type ScriptCall = (...args: (string | number)[]) => Promise<unknown>;

/** A still-running record as the reconciliation sees it. */
export interface RunningRun {
  readonly run_id: string;
  /** Creation time in ms; NaN when the record could not be read. */
  readonly createdAtMs: number;
}

function fieldsOf(flat: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Array.isArray(flat)) return fields;
  for (let i = 0; i + 1 < flat.length; i += 2) fields[String(flat[i])] = String(flat[i + 1]);
  return fields;
}

/**
 * The run records of a deployment in Redis: a hash per run, a creation-ordered index (listing,
 * FIFO eviction over the deployment's cap) and the set of running ids, changed only by atomic
 * scripts. Commands fail at once while Redis is away (503), never queue up.
 */
export class RedisRunStore implements RunStore {
  readonly keys: RedisRunKeys;
  private readonly scripts: { create: ScriptCall; finish: ScriptCall; remove: ScriptCall; countStart: ScriptCall };

  constructor(
    private readonly client: Redis,
    private readonly settings: RedisSettings,
    readonly capacity: number,
    /** Releases the connection at close (the state's owner decides; default nothing). */
    private readonly release: () => Promise<void> = async () => undefined,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`RedisRunStore: capacity must be an integer ≥ 1, got ${capacity}`);
    this.keys = redisRunKeys(settings);
    client.defineCommand('skillRunCreate', { numberOfKeys: 3, lua: CREATE_RUN_SCRIPT });
    client.defineCommand('skillRunFinish', { numberOfKeys: 2, lua: FINISH_RUN_SCRIPT });
    client.defineCommand('skillRunRemove', { numberOfKeys: 3, lua: REMOVE_RUN_SCRIPT });
    client.defineCommand('skillRunCountStart', { numberOfKeys: 1, lua: COUNT_RUN_START_SCRIPT });
    const commands = client as unknown as Record<string, ScriptCall>;
    this.scripts = {
      create: (...args) => commands['skillRunCreate']!.apply(client, args),
      finish: (...args) => commands['skillRunFinish']!.apply(client, args),
      remove: (...args) => commands['skillRunRemove']!.apply(client, args),
      countStart: (...args) => commands['skillRunCountStart']!.apply(client, args),
    };
  }

  async create(record: RunRecord, launchedBy?: string): Promise<RunRecord[]> {
    const { index, running, sequence, recordPrefix } = this.keys;
    // The launcher is a field of its own in the hash: never part of the record read back.
    const launcher = launchedBy === undefined ? [] : [LAUNCHED_BY_FIELD, launchedBy];
    const reply = await this.guard(`the record of run '${record.run_id}'`, () =>
      this.scripts.create(index, running, sequence, recordPrefix, record.run_id, this.capacity, ...encodeRunRecord(record), ...launcher),
    );
    const evicted: RunRecord[] = [];
    const flat = Array.isArray(reply) ? reply : [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const runId = String(flat[i]);
      try {
        evicted.push(decodeRunRecord(runId, fieldsOf(flat[i + 1]), this.settings.prefix));
      } catch {
        // A foreign value evicted with the rest: it is gone, and nothing of it can be executing.
      }
    }
    return evicted;
  }

  async get(runId: string): Promise<RunRecord | undefined> {
    const fields = await this.guard(`the record of run '${runId}'`, () => this.client.hgetall(this.recordKey(runId)));
    return Object.keys(fields).length === 0 ? undefined : decodeRunRecord(runId, fields, this.settings.prefix);
  }

  async list(limit: number): Promise<RunRecord[]> {
    return this.guard('the run list', async () => {
      const ids = await this.client.zrevrange(this.keys.index, 0, limit - 1);
      if (ids.length === 0) return [];
      const pipeline = this.client.pipeline();
      for (const id of ids) pipeline.hgetall(this.recordKey(id));
      const replies = (await pipeline.exec()) ?? [];
      const records: RunRecord[] = [];
      ids.forEach((id, i) => {
        const [error, fields] = replies[i] ?? [null, {}];
        if (error !== null) throw redisFailure(error, `the record of run '${id}'`, `the prefix '${this.settings.prefix}'`);
        const found = fields as Record<string, string>;
        // Evicted between the two reads: no longer listed.
        if (Object.keys(found).length > 0) records.push(decodeRunRecord(id, found, this.settings.prefix));
      });
      return records;
    });
  }

  async finish(runId: string, outcome: RunOutcome): Promise<boolean> {
    const reply = await this.guard(`the record of run '${runId}'`, () =>
      this.scripts.finish(this.recordKey(runId), this.keys.running, runId, ...encodeRunOutcome(outcome)),
    );
    return reply === 1;
  }

  /**
   * Counts a worker's start of the run: the starts so far with this one, 0 when the run is no
   * longer running (finished or cancelled before it started), null when no record is stored
   * (evicted, or a job queued without one). A worker that took the job and vanished before this
   * never used an attempt.
   */
  async countStart(runId: string): Promise<number | null> {
    const starts = Number(await this.guard(`the record of run '${runId}'`, () => this.scripts.countStart(this.recordKey(runId), 1)));
    return starts < 0 ? null : starts;
  }

  /** Gives a start back: a run handed back unfinished at shutdown has not used an attempt. */
  async uncountStart(runId: string): Promise<void> {
    await this.guard(`the record of run '${runId}'`, () => this.scripts.countStart(this.recordKey(runId), -1));
  }

  async remove(runId: string): Promise<void> {
    await this.guard(`the record of run '${runId}'`, () => this.scripts.remove(this.recordKey(runId), this.keys.index, this.keys.running, runId));
  }

  async count(): Promise<RunCounts> {
    return this.guard('the run counts', async () => {
      const [stored, running] = await Promise.all([this.client.zcard(this.keys.index), this.client.scard(this.keys.running)]);
      return { stored, running };
    });
  }

  /** The runs still `running`, with their creation time (for the reconciliation). */
  async runningRuns(): Promise<RunningRun[]> {
    return this.guard('the running runs', async () => {
      const ids = await this.client.smembers(this.keys.running);
      if (ids.length === 0) return [];
      const pipeline = this.client.pipeline();
      for (const id of ids) pipeline.hget(this.recordKey(id), 'base');
      const replies = (await pipeline.exec()) ?? [];
      return ids.map((run_id, i) => {
        const [error, base] = replies[i] ?? [null, null];
        let createdAtMs = Number.NaN;
        if (error === null && typeof base === 'string') {
          try {
            createdAtMs = Date.parse(String((JSON.parse(base) as { created_at?: unknown }).created_at));
          } catch {
            // Unreadable: left to the caller as unknown.
          }
        }
        return { run_id, createdAtMs };
      });
    });
  }

  async close(): Promise<void> {
    await this.release().catch(() => this.client.disconnect());
  }

  async launcher(runId: string): Promise<string | undefined> {
    const subject = await this.guard(`the record of run '${runId}'`, () => this.client.hget(this.recordKey(runId), LAUNCHED_BY_FIELD));
    return subject ?? undefined;
  }

  private recordKey(runId: string): string {
    return `${this.keys.recordPrefix}${runId}`;
  }

  private async guard<T>(what: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw redisFailure(error, what, `the prefix '${this.settings.prefix}'`);
    }
  }
}
