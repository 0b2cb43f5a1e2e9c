import { describe, expect, it } from '@jest/globals';
import { EventReplayBuffer } from './event-replay-buffer.js';

describe('EventReplayBuffer', () => {
  it('hands items to a waiting reader as they arrive and ends after end()', async () => {
    const buffer = new EventReplayBuffer<number>();
    const read = (async () => {
      const items: number[] = [];
      for await (const item of buffer) items.push(item);
      return items;
    })();
    buffer.push(1);
    await Promise.resolve();
    buffer.push(2);
    buffer.end();
    buffer.push(3);
    await expect(read).resolves.toEqual([1, 2]);
  });

  it('lets a reader that returned early stop for good', async () => {
    const buffer = new EventReplayBuffer<number>();
    buffer.push(1);
    const iterator = buffer[Symbol.asyncIterator]();
    await expect(iterator.next()).resolves.toEqual({ done: false, value: 1 });
    await iterator.return?.();
    buffer.push(2);
    await expect(iterator.next()).resolves.toEqual({ done: true, value: undefined });
  });
});
