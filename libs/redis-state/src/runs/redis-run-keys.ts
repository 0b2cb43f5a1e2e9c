import { prefixedKey } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';

/** Every key and channel of the runs, under the deployment's prefix. */
export interface RedisRunKeys {
  /** `<prefix>:runs:record:` + run id: a hash per run. */
  readonly recordPrefix: string;
  /** Run ids scored by a creation sequence: listing newest first and FIFO eviction. */
  readonly index: string;
  /** The creation sequence (one INCR per run: a strict order even within a millisecond). */
  readonly sequence: string;
  /** Ids of the records still `running` (what the reconciliation looks at). */
  readonly running: string;
  /** Pub/sub channel of "cancel run" signals, heard by every process. */
  readonly cancelChannel: string;
  /** BullMQ's key prefix: its queue keys are `<prefix>:bull:runs:*`. */
  readonly bullPrefix: string;
  /** `<prefix>:runs:events:` + run id: a Redis Stream per run (its event log, ids `0-<n>`). */
  readonly eventsPrefix: string;
  /** `<prefix>:runs:held:` + run id: a lease renewed while a process executes the run outside the queue. */
  readonly heldPrefix: string;
}

/** The BullMQ queue the runs' jobs go through. */
export const RUN_QUEUE_NAME = 'runs';

export function redisRunKeys(settings: RedisSettings): RedisRunKeys {
  return {
    recordPrefix: `${prefixedKey(settings, 'runs', 'record')}:`,
    index: prefixedKey(settings, 'runs', 'index'),
    sequence: prefixedKey(settings, 'runs', 'sequence'),
    running: prefixedKey(settings, 'runs', 'running'),
    cancelChannel: prefixedKey(settings, 'runs', 'cancel'),
    bullPrefix: prefixedKey(settings, 'bull'),
    eventsPrefix: `${prefixedKey(settings, 'runs', 'events')}:`,
    heldPrefix: `${prefixedKey(settings, 'runs', 'held')}:`,
  };
}
