import { afterEach, describe, expect, it } from '@jest/globals';
import type { IdempotencyStore } from '@skill-service/idempotency';

export interface IdempotencyStoreUnderTest {
  readonly store: IdempotencyStore;
  close(): Promise<void>;
}

/** What every idempotency store does, whichever backend holds the keys. */
export function idempotencyStoreContract(name: string, open: () => Promise<IdempotencyStoreUnderTest>): void {
  describe(`idempotency store contract: ${name}`, () => {
    const opened: IdempotencyStoreUnderTest[] = [];
    const fresh = async (): Promise<IdempotencyStore> => {
      const underTest = await open();
      opened.push(underTest);
      return underTest.store;
    };

    afterEach(async () => {
      for (const underTest of opened.splice(0)) await underTest.close();
    });

    it('claims a free key once: concurrent claims see the first claim', async () => {
      const store = await fresh();
      const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim('k', 'f', 60_000)));
      expect(claims.filter((claim) => claim === undefined)).toHaveLength(1);
      expect(claims.filter((claim) => claim !== undefined)).toEqual(Array.from({ length: 19 }, () => ({ state: 'in_progress', fingerprint: 'f' })));
    });

    it('keeps a completed answer and answers it to a later claim', async () => {
      const store = await fresh();
      expect(await store.claim('k', 'f', 60_000)).toBeUndefined();
      await store.complete('k', 'f', { status: 202, body: { run_id: 'r1' } }, 60_000);
      expect(await store.claim('k', 'f', 60_000)).toEqual({ state: 'completed', fingerprint: 'f', response: { status: 202, body: { run_id: 'r1' } } });
      expect(await store.read('k')).toMatchObject({ state: 'completed' });
    });

    it('frees a released claim, and never releases a completed answer', async () => {
      const store = await fresh();
      await store.claim('k', 'f', 60_000);
      await store.release('k');
      expect(await store.read('k')).toBeUndefined();
      expect(await store.claim('k', 'g', 60_000)).toBeUndefined();
      await store.complete('k', 'g', { status: 200, body: {} }, 60_000);
      await store.release('k');
      expect(await store.read('k')).toMatchObject({ state: 'completed', fingerprint: 'g' });
    });

    it('lets a claim lapse after its lease, freeing the key of a request whose process died', async () => {
      const store = await fresh();
      await store.claim('k', 'f', 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.claim('k', 'f', 60_000)).toBeUndefined();
    });
  });
}
