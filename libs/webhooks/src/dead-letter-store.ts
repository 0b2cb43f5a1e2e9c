import type { DeadLetter } from '@skill-service/contracts';

/**
 * Where deliveries that failed every attempt are kept (port), bounded: past the bound the oldest
 * are dropped and counted. Its id is the delivery's `webhook-id`, kept when the letter is replayed.
 */
export interface DeadLetterStore {
  /**
   * Keeps the letter (a letter with the same id is replaced, keeping its place); resolves to how
   * many older letters were dropped to stay within the bound.
   */
  add(letter: DeadLetter): Promise<number>;
  /** Oldest first. */
  list(): Promise<DeadLetter[]>;
  get(id: string): Promise<DeadLetter | undefined>;
  /** Removes and returns the letter, atomically: of two concurrent replays only one gets it. */
  take(id: string): Promise<DeadLetter | undefined>;
  count(): Promise<number>;
}
