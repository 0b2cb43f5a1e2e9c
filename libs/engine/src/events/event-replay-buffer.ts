/**
 * An append-only list that can be read as an async iterable: every iterator sees every item from
 * the first one (late subscribers miss nothing), waits for more, and ends after `end()`.
 */
export class EventReplayBuffer<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private ended = false;
  private waiters: (() => void)[] = [];

  push(item: T): void {
    if (this.ended) return;
    this.items.push(item);
    this.wake();
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    let position = 0;
    let stopped = false;
    return {
      next: async (): Promise<IteratorResult<T>> => {
        while (!stopped && position >= this.items.length && !this.ended) {
          await new Promise<void>((resolve) => this.waiters.push(resolve));
        }
        if (!stopped && position < this.items.length) return { done: false, value: this.items[position++] as T };
        return { done: true, value: undefined };
      },
      // A consumer that breaks out of its loop only stops reading; the run itself goes on.
      return: async (): Promise<IteratorResult<T>> => {
        stopped = true;
        return { done: true, value: undefined };
      },
    };
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
