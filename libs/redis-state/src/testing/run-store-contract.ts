import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { RunRecord } from '@skill-service/contracts';
import type { RunStore } from '@skill-service/runs';

/** A fresh, empty store of `capacity` records, and how to dispose of it. */
export type RunStoreFactory = (capacity: number) => Promise<{ readonly store: RunStore; readonly dispose: () => Promise<void> }>;

const record = (runId: string, created = '2025-01-02T03:04:05.000Z'): RunRecord => ({
  run_id: runId,
  skill_id: 'text.shout',
  status: 'running',
  trace_id: `trace-${runId}`,
  created_at: created,
  finished_at: null,
  result: null,
  error: null,
});

const completed = { skill_id: 'text.shout', status: 'completed' as const, outputs: { text: 'HI', list: [], nested: { empty: {} } }, trace_id: 'trace-a' };

// Generous: the machine may be loaded.
const TEST_TIMEOUT_MS = 30_000;

/**
 * What every run store does, whatever keeps the records: written once, run by a spec per adapter.
 */
export function describeRunStoreContract(adapter: string, open: RunStoreFactory): void {
  describe(`RunStore contract: ${adapter}`, () => {
    let store: RunStore;
    let dispose: (() => Promise<void>) | undefined;
    const use = async (capacity: number): Promise<RunStore> => {
      await dispose?.();
      ({ store, dispose } = await open(capacity));
      return store;
    };

    beforeEach(async () => {
      await use(3);
    });
    afterEach(async () => {
      await dispose?.();
      dispose = undefined;
    }, TEST_TIMEOUT_MS);

    it('stores a running record and answers it as stored, unknown ids as undefined', async () => {
      expect(await store.create(record('a'))).toEqual([]);
      expect(await store.get('a')).toEqual(record('a'));
      expect(await store.get('nope')).toBeUndefined();
      expect(await store.count()).toEqual({ stored: 1, running: 1 });
      expect(store.capacity).toBe(3);
    }, TEST_TIMEOUT_MS);

    it('lists the newest first, bounded by limit', async () => {
      for (const id of ['a', 'b', 'c']) await store.create(record(id));
      expect((await store.list(10)).map((run) => run.run_id)).toEqual(['c', 'b', 'a']);
      expect((await store.list(2)).map((run) => run.run_id)).toEqual(['c', 'b']);
      expect(await store.list(1)).toEqual([record('c')]);
    }, TEST_TIMEOUT_MS);

    it('evicts the oldest beyond the capacity (FIFO by creation) and answers them as they were', async () => {
      for (const id of ['a', 'b', 'c']) await store.create(record(id));
      await store.finish('b', { status: 'failed', error: 'boom', finished_at: '2025-01-02T03:04:06.000Z' });
      expect(await store.create(record('d'))).toEqual([record('a')]);
      expect(await store.get('a')).toBeUndefined();
      const evicted = await store.create(record('e'));
      expect(evicted).toEqual([{ ...record('b'), status: 'failed', error: 'boom', finished_at: '2025-01-02T03:04:06.000Z' }]);
      expect((await store.list(10)).map((run) => run.run_id)).toEqual(['e', 'd', 'c']);
      expect(await store.count()).toEqual({ stored: 3, running: 3 });
    }, TEST_TIMEOUT_MS);

    it('finishes a running record once: completed with its result, the first outcome wins', async () => {
      await store.create(record('a'));
      expect(await store.finish('a', { status: 'completed', result: completed, finished_at: '2025-01-02T03:04:07.000Z' })).toBe(true);
      expect(await store.finish('a', { status: 'failed', error: 'late', finished_at: '2025-01-02T03:04:08.000Z' })).toBe(false);
      expect(await store.get('a')).toEqual({ ...record('a'), status: 'completed', result: completed, finished_at: '2025-01-02T03:04:07.000Z' });
      expect(await store.count()).toEqual({ stored: 1, running: 0 });
    }, TEST_TIMEOUT_MS);

    it('fails a running record with its error and a null result', async () => {
      await store.create(record('a'));
      expect(await store.finish('a', { status: 'failed', error: "Step 'x' failed: no", finished_at: '2025-01-02T03:04:07.000Z' })).toBe(true);
      expect(await store.get('a')).toEqual({ ...record('a'), status: 'failed', error: "Step 'x' failed: no", finished_at: '2025-01-02T03:04:07.000Z' });
    }, TEST_TIMEOUT_MS);

    it('does not finish what it does not hold, and removes a record', async () => {
      expect(await store.finish('ghost', { status: 'failed', error: 'x', finished_at: '2025-01-02T03:04:07.000Z' })).toBe(false);
      expect(await store.get('ghost')).toBeUndefined();
      await store.create(record('a'));
      await store.create(record('b'));
      await store.remove('a');
      expect(await store.get('a')).toBeUndefined();
      expect((await store.list(10)).map((run) => run.run_id)).toEqual(['b']);
      expect(await store.count()).toEqual({ stored: 1, running: 1 });
    }, TEST_TIMEOUT_MS);

    it('keeps a strict creation order for many records stored at once', async () => {
      await use(50);
      const ids = Array.from({ length: 60 }, (_, i) => `run-${String(i).padStart(2, '0')}`);
      for (const id of ids) await store.create(record(id));
      expect((await store.list(1000)).map((run) => run.run_id)).toEqual(ids.slice(10).reverse());
      expect((await store.count()).stored).toBe(50);
    });

    it('keeps the launching subject beside the record, never in it, and forgets it with the record', async () => {
      await store.create(record('a'), 'robot-7');
      await store.create(record('b'));
      expect(await store.launcher('a')).toBe('robot-7');
      expect(await store.launcher('b')).toBeUndefined();
      expect(await store.launcher('nope')).toBeUndefined();
      expect(await store.get('a')).toEqual(record('a'));
      expect(await store.finish('a', { status: 'failed', error: 'Run cancelled', finished_at: '2025-01-02T03:04:06.000Z' })).toBe(true);
      expect(await store.launcher('a')).toBe('robot-7');
      await store.remove('a');
      expect(await store.launcher('a')).toBeUndefined();
      // Evicted with the record.
      await store.create(record('c'), 'robot-8');
      for (const id of ['d', 'e', 'f']) await store.create(record(id));
      expect(await store.get('c')).toBeUndefined();
      expect(await store.launcher('c')).toBeUndefined();
    }, TEST_TIMEOUT_MS);
  });
}
