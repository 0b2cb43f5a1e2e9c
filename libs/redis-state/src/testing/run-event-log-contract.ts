import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { RunEventLog } from '@skill-service/runs';

/**
 * A fresh event log keeping `maxEventsPerRun` events per run; `start` makes a run known (its
 * record stored where the adapter needs one, its log opened), `evict` forgets the run the way the
 * run manager does on eviction.
 */
export type RunEventLogFactory = (maxEventsPerRun: number) => Promise<{
  readonly log: RunEventLog;
  readonly start: (runId: string) => Promise<void>;
  readonly evict: (runId: string) => Promise<void>;
  readonly dispose: () => Promise<void>;
}>;

// Generous: the machine may be loaded.
const TEST_TIMEOUT_MS = 30_000;

/** What every run event log does, whatever keeps the events: written once, run by a spec per adapter. */
export function describeRunEventLogContract(adapter: string, open: RunEventLogFactory): void {
  describe(`RunEventLog contract: ${adapter}`, () => {
    let log: RunEventLog;
    let start: (runId: string) => Promise<void>;
    let evict: (runId: string) => Promise<void>;
    let dispose: (() => Promise<void>) | undefined;
    const use = async (max: number): Promise<void> => {
      await dispose?.();
      ({ log, start, evict, dispose } = await open(max));
    };

    beforeEach(async () => {
      await use(100);
    }, TEST_TIMEOUT_MS);
    afterEach(async () => {
      await dispose?.();
      dispose = undefined;
    }, TEST_TIMEOUT_MS);

    it('numbers a run’s events from 1 and reads them after any id, with their data as appended', async () => {
      await start('a');
      await start('b');
      expect(await log.append('a', 'skill_start', { n: 1 })).toBe(1);
      expect(await log.append('a', 'step_start', { n: 2, text: 'line\nbreak' })).toBe(2);
      expect(await log.append('b', 'skill_start', { other: true })).toBe(1);
      expect(await log.append('a', 'done', { outputs: { x: [1, null] } })).toBe(3);
      expect(await log.read('a', 0)).toEqual([
        { id: 1, type: 'skill_start', data: { n: 1 } },
        { id: 2, type: 'step_start', data: { n: 2, text: 'line\nbreak' } },
        { id: 3, type: 'done', data: { outputs: { x: [1, null] } } },
      ]);
      expect((await log.read('a', 1)).map((event) => event.id)).toEqual([2, 3]);
      expect(await log.read('a', 3)).toEqual([]);
      expect(await log.read('a', 99)).toEqual([]);
      expect(await log.read('b', 0)).toEqual([{ id: 1, type: 'skill_start', data: { other: true } }]);
      expect(await log.read('unknown', 0)).toEqual([]);
    }, TEST_TIMEOUT_MS);

    it('records nothing after done, nor for a run never started', async () => {
      await start('a');
      await log.append('a', 'skill_start', {});
      expect(await log.append('a', 'done', { first: true })).toBe(2);
      expect(await log.append('a', 'done', { second: true })).toBeUndefined();
      expect(await log.append('a', 'step_start', {})).toBeUndefined();
      expect(await log.append('never', 'skill_start', {})).toBeUndefined();
      expect(await log.read('a', 0)).toHaveLength(2);
      expect(await log.read('never', 0)).toEqual([]);
    }, TEST_TIMEOUT_MS);

    it('hands concurrent appends distinct consecutive ids', async () => {
      await start('a');
      const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => log.append('a', 'step_start', { i })));
      expect([...ids].sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await log.read('a', 0)).map((event) => event.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }, TEST_TIMEOUT_MS);

    it('a waiting read answers as soon as the next event is appended, and empty when none comes', async () => {
      await start('a');
      await log.append('a', 'skill_start', {});
      const waiting = log.read('a', 1, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await log.append('a', 'step_start', { live: true });
      const started = Date.now();
      expect(await waiting).toEqual([{ id: 2, type: 'step_start', data: { live: true } }]);
      // Far below the 20 s it would have waited without the append.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await log.read('a', 2, 300)).toEqual([]);
    }, TEST_TIMEOUT_MS);

    it('past its bound a log keeps its first events and still records done', async () => {
      await use(4);
      await start('a');
      const ids = [];
      for (let i = 0; i < 6; i += 1) ids.push(await log.append('a', 'step_start', { i }));
      expect(ids).toEqual([1, 2, 3, undefined, undefined, undefined]);
      expect(await log.append('a', 'done', {})).toBe(4);
      expect((await log.read('a', 0)).map((event) => [event.id, event.type])).toEqual([
        [1, 'step_start'],
        [2, 'step_start'],
        [3, 'step_start'],
        [4, 'done'],
      ]);
      expect(log.maxEventsPerRun).toBe(4);
    }, TEST_TIMEOUT_MS);

    it('appends a batch in order under consecutive ids, continuing after single appends', async () => {
      await start('a');
      expect(await log.append('a', 'skill_start', { n: 1 })).toBe(1);
      expect(
        await log.appendMany('a', [
          { type: 'step_start', data: { n: 2 } },
          { type: 'step_completed', data: { n: 3, text: 'line\nbreak' } },
          { type: 'skill_completed', data: { n: 4 } },
        ]),
      ).toEqual([2, 3, 4]);
      expect(await log.appendMany('a', [])).toEqual([]);
      expect(await log.append('a', 'step_start', { n: 5 })).toBe(5);
      expect(await log.read('a', 1)).toEqual([
        { id: 2, type: 'step_start', data: { n: 2 } },
        { id: 3, type: 'step_completed', data: { n: 3, text: 'line\nbreak' } },
        { id: 4, type: 'skill_completed', data: { n: 4 } },
        { id: 5, type: 'step_start', data: { n: 5 } },
      ]);
    }, TEST_TIMEOUT_MS);

    it('keeps each batch whole when batches are appended at once', async () => {
      await start('a');
      const batches = Array.from({ length: 10 }, (_, b) => Array.from({ length: 3 }, (_, i) => ({ type: 'step_start', data: { b, i } })));
      const replies = await Promise.all(batches.map((batch) => log.appendMany('a', batch)));
      for (const ids of replies) {
        const first = ids[0] ?? 0;
        expect(ids).toEqual([first, first + 1, first + 2]);
      }
      expect(replies.flat().sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      const events = await log.read('a', 0);
      expect(events.map((event) => event.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      // Each batch's events are neighbours, in the order given.
      replies.forEach((ids, b) => {
        expect(ids.map((id) => events[(id ?? 0) - 1]?.data)).toEqual([0, 1, 2].map((i) => ({ b, i })));
      });
    }, TEST_TIMEOUT_MS);

    it('records nothing of a batch after its done, after an earlier done, nor for a run never started', async () => {
      await start('a');
      expect(
        await log.appendMany('a', [
          { type: 'skill_start', data: {} },
          { type: 'done', data: { first: true } },
          { type: 'step_start', data: {} },
          { type: 'done', data: { second: true } },
        ]),
      ).toEqual([1, 2, undefined, undefined]);
      expect(await log.appendMany('a', [{ type: 'step_start', data: {} }, { type: 'done', data: {} }])).toEqual([undefined, undefined]);
      expect(await log.appendMany('never', [{ type: 'skill_start', data: {} }, { type: 'done', data: {} }])).toEqual([undefined, undefined]);
      expect((await log.read('a', 0)).map((event) => [event.id, event.type, event.data])).toEqual([
        [1, 'skill_start', {}],
        [2, 'done', { first: true }],
      ]);
      expect(await log.read('never', 0)).toEqual([]);
    }, TEST_TIMEOUT_MS);

    it('a batch past the bound keeps the events that fit and still records its done', async () => {
      await use(4);
      await start('a');
      expect(await log.append('a', 'skill_start', {})).toBe(1);
      const batch = [...Array.from({ length: 4 }, (_, i) => ({ type: 'step_start', data: { i } })), { type: 'done', data: { last: true } }];
      expect(await log.appendMany('a', batch)).toEqual([2, 3, undefined, undefined, 4]);
      expect((await log.read('a', 0)).map((event) => [event.id, event.type, event.data])).toEqual([
        [1, 'skill_start', {}],
        [2, 'step_start', { i: 0 }],
        [3, 'step_start', { i: 1 }],
        [4, 'done', { last: true }],
      ]);
    }, TEST_TIMEOUT_MS);

    it('a waiting read answers with a whole batch appended while it waits', async () => {
      await start('a');
      const waiting = log.read('a', 0, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await log.appendMany('a', [
        { type: 'skill_start', data: {} },
        { type: 'step_start', data: {} },
      ]);
      expect((await waiting).map((event) => [event.id, event.type])).toEqual([
        [1, 'skill_start'],
        [2, 'step_start'],
      ]);
    }, TEST_TIMEOUT_MS);

    it('an evicted run’s log takes no batch', async () => {
      await start('a');
      await log.append('a', 'skill_start', {});
      await evict('a');
      expect(await log.appendMany('a', [{ type: 'step_start', data: {} }, { type: 'done', data: {} }])).toEqual([undefined, undefined]);
      expect(await log.read('a', 0)).toEqual([]);
    }, TEST_TIMEOUT_MS);

    it('an evicted run’s log is gone and is not recreated by a late append', async () => {
      await start('a');
      await log.append('a', 'skill_start', {});
      await evict('a');
      expect(await log.read('a', 0)).toEqual([]);
      expect(await log.append('a', 'done', {})).toBeUndefined();
      expect(await log.read('a', 0)).toEqual([]);
    }, TEST_TIMEOUT_MS);
  });
}
