import { DEFAULT_MAX_RUN_EVENTS, type NewRunEvent, type RunEvent, type RunEventLog } from '@skill-service/runs';
import { Redis } from 'ioredis';
import { connectionOptions } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';
import { redisRunKeys, type RedisRunKeys } from './redis-run-keys.js';
import { CorruptStateError, redisFailure } from '../state-errors.js';
import { APPEND_RUN_EVENTS_SCRIPT } from './run-event-scripts.js';

type ScriptCall = (...args: (string | number)[]) => Promise<unknown>;
type StreamEntry = [id: string, fields: string[]];

/** Blocking readers at once (each holds a connection while it waits); more poll instead. */
const MAX_BLOCKING_READERS = 32;
/** The poll pace of a reader beyond that bound. */
const POLL_MS = 250;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface RedisRunEventLogOptions {
  readonly maxEventsPerRun?: number;
}

/**
 * The run event logs of a deployment in Redis: a Redis Stream per run with ids `0-<n>` appended in
 * batches by an atomic script (gated on the run's record, so an evicted run's stream is never recreated) and
 * deleted when the run is evicted. A live reader blocks on XREAD on a connection of its own (a
 * small pool, reused), so any process follows any run.
 */
export class RedisRunEventLog implements RunEventLog {
  readonly maxEventsPerRun: number;
  private readonly keys: RedisRunKeys;
  private readonly append_: ScriptCall;
  private readonly idle: Redis[] = [];
  private readonly busy = new Set<Redis>();
  private closed = false;

  constructor(
    private readonly client: Redis,
    private readonly settings: RedisSettings,
    options: RedisRunEventLogOptions = {},
  ) {
    this.maxEventsPerRun = options.maxEventsPerRun ?? DEFAULT_MAX_RUN_EVENTS;
    if (!Number.isInteger(this.maxEventsPerRun) || this.maxEventsPerRun < 2) {
      throw new RangeError(`RedisRunEventLog: maxEventsPerRun must be an integer ≥ 2, got ${this.maxEventsPerRun}`);
    }
    this.keys = redisRunKeys(settings);
    client.defineCommand('skillRunEventsAppend', { numberOfKeys: 2, lua: APPEND_RUN_EVENTS_SCRIPT });
    const command = (client as unknown as Record<string, ScriptCall>)['skillRunEventsAppend']!;
    this.append_ = (...args) => command.apply(client, args);
  }

  async open(runId: string): Promise<void> {
    // Nothing to store: the stream is created by its first event, and the run's record gates appends.
    void runId;
  }

  async append(runId: string, type: string, data: unknown): Promise<number | undefined> {
    return (await this.appendMany(runId, [{ type, data }]))[0];
  }

  async appendMany(runId: string, events: readonly NewRunEvent[]): Promise<(number | undefined)[]> {
    if (events.length === 0) return [];
    const args: (string | number)[] = [this.streamKey(runId), `${this.keys.recordPrefix}${runId}`, this.maxEventsPerRun];
    for (const { type, data } of events) args.push(type, JSON.stringify(data));
    const reply = await this.guard(runId, () => this.append_(...args));
    const ids = Array.isArray(reply) ? reply : [];
    return events.map((_, i) => {
      const id = Number(ids[i]);
      return id > 0 ? id : undefined;
    });
  }

  async read(runId: string, afterId: number, waitMs = 0): Promise<RunEvent[]> {
    const key = this.streamKey(runId);
    const found = await this.guard(runId, () => this.client.xrange(key, `0-${afterId + 1}`, '+'));
    if (found.length > 0 || waitMs <= 0 || this.closed) return this.decode(runId, found);
    const blocking = await this.takeBlocking();
    if (blocking === undefined) {
      await sleep(Math.min(waitMs, POLL_MS));
      return this.decode(runId, await this.guard(runId, () => this.client.xrange(key, `0-${afterId + 1}`, '+')));
    }
    try {
      const reply = (await this.guard(runId, () => blocking.xread('BLOCK', waitMs, 'STREAMS', key, `0-${afterId}`))) as [string, StreamEntry[]][] | null;
      return this.decode(runId, reply?.[0]?.[1] ?? []);
    } finally {
      this.busy.delete(blocking);
      if (this.closed) blocking.disconnect();
      else this.idle.push(blocking);
    }
  }

  async drop(runId: string): Promise<void> {
    await this.guard(runId, () => this.client.del(this.streamKey(runId)));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const client of [...this.idle, ...this.busy]) client.disconnect();
    this.idle.length = 0;
  }

  private async takeBlocking(): Promise<Redis | undefined> {
    const reused = this.idle.pop();
    if (reused !== undefined) {
      this.busy.add(reused);
      return reused;
    }
    if (this.busy.size >= MAX_BLOCKING_READERS) return undefined;
    const client = new Redis(this.settings.url, connectionOptions({ enableOfflineQueue: false, maxRetriesPerRequest: 1 }));
    client.on('error', () => undefined);
    this.busy.add(client);
    try {
      await client.connect();
      return client;
    } catch (error) {
      this.busy.delete(client);
      client.disconnect();
      throw redisFailure(error, 'the run events', `the prefix '${this.settings.prefix}'`);
    }
  }

  private decode(runId: string, entries: StreamEntry[]): RunEvent[] {
    return entries.map(([id, fields]) => {
      const n = /^0-(\d+)$/.exec(id)?.[1];
      const values: Record<string, string> = {};
      for (let i = 0; i + 1 < fields.length; i += 2) values[fields[i]!] = fields[i + 1]!;
      if (n === undefined || values['type'] === undefined || values['data'] === undefined) throw new CorruptStateError(`the events of run '${runId}'`, `the prefix '${this.settings.prefix}'`);
      try {
        return { id: Number(n), type: values['type'], data: JSON.parse(values['data']) as unknown };
      } catch {
        throw new CorruptStateError(`the events of run '${runId}'`, `the prefix '${this.settings.prefix}'`);
      }
    });
  }

  private streamKey(runId: string): string {
    return `${this.keys.eventsPrefix}${runId}`;
  }

  private async guard<T>(runId: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw redisFailure(error, `the events of run '${runId}'`, `the prefix '${this.settings.prefix}'`);
    }
  }
}
