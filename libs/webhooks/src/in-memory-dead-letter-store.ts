import type { DeadLetter } from '@skill-service/contracts';
import type { DeadLetterStore } from './dead-letter-store.js';

export const DEFAULT_MAX_DEAD_LETTERS = 500;

/** The dead letters of one process, oldest first, bounded (the embedded default: lost on restart). */
export class InMemoryDeadLetterStore implements DeadLetterStore {
  readonly #letters = new Map<string, DeadLetter>();

  constructor(private readonly maxDeadLetters: number = DEFAULT_MAX_DEAD_LETTERS) {}

  async add(letter: DeadLetter): Promise<number> {
    this.#letters.set(letter.id, letter);
    let dropped = 0;
    while (this.#letters.size > this.maxDeadLetters) {
      const oldest = this.#letters.keys().next();
      if (oldest.done === true) break;
      this.#letters.delete(oldest.value);
      dropped += 1;
    }
    return dropped;
  }

  async list(): Promise<DeadLetter[]> {
    return [...this.#letters.values()];
  }

  async get(id: string): Promise<DeadLetter | undefined> {
    return this.#letters.get(id);
  }

  async take(id: string): Promise<DeadLetter | undefined> {
    const letter = this.#letters.get(id);
    this.#letters.delete(id);
    return letter;
  }

  async count(): Promise<number> {
    return this.#letters.size;
  }
}
