import type { RunState } from '@skill-service/runs';
import { queueClient, requestClient } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';
import { RedisRunQueue, type RedisRunQueueOptions } from './redis-run-queue.js';
import { RedisRunStore } from './redis-run-store.js';
import { RedisRunEventLog } from './redis-run-event-log.js';
import { redisFailure } from '../state-errors.js';

export interface RedisRunStateOptions extends RedisRunQueueOptions {
  /** SERVICE_MAX_RUNS: records kept for the whole deployment, the oldest evicted first. */
  readonly maxRuns: number;
  /** Events kept per run (default 10,000; past it only `done` is recorded). */
  readonly maxEventsPerRun?: number;
}

/** The run store and queue on Redis, as `SkillServiceOptions.state.runs` takes them. */
export interface RedisRunState extends RunState {
  readonly store: RedisRunStore;
  readonly queue: RedisRunQueue;
  readonly events: RedisRunEventLog;
}

/**
 * Connects the run state of a deployment on Redis (records, BullMQ queue and worker, cancel
 * channel). Rejects with `service_unavailable` when Redis cannot be reached now. Closing the run
 * manager closes it: the queue and its connections first, then the store's connection.
 */
export async function createRedisRunState(settings: RedisSettings, options: RedisRunStateOptions): Promise<RedisRunState> {
  const request = requestClient(settings);
  const producer = requestClient(settings);
  const worker = queueClient(settings);
  const subscriber = queueClient(settings);
  const clients = [request, producer, worker, subscriber];
  // Reconnection is ioredis's own; the errors in between are answered 503 where they matter.
  for (const client of clients) client.on('error', () => undefined);
  try {
    await Promise.all(clients.map((client) => client.connect()));
  } catch (error) {
    for (const client of clients) client.disconnect();
    throw redisFailure(error, 'the run state', `the prefix '${settings.prefix}'`);
  }
  const store = new RedisRunStore(request, settings, options.maxRuns, () => request.quit().then(() => undefined));
  const queue = new RedisRunQueue({ request, producer, worker, subscriber }, settings, store, options);
  const events = new RedisRunEventLog(request, settings, options.maxEventsPerRun === undefined ? {} : { maxEventsPerRun: options.maxEventsPerRun });
  return { store, queue, events };
}
