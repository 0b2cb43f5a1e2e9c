import { afterEach, describe, expect, it } from '@jest/globals';
import { rateLimitHeaders, type RateLimitPolicy, type RateLimitStore } from '@skill-service/auth';
import { eventually } from '@skill-service/test-support';

// Test support only: the behaviour every RateLimitStore adapter must have, run by each adapter's spec.

/** A fresh store (its own empty windows) with the policy, and how to close it. */
export type OpenRateLimitStore = (policy: RateLimitPolicy) => Promise<{ store: RateLimitStore; close(): Promise<void> }>;

export function rateLimitStoreContract(adapter: string, open: OpenRateLimitStore): void {
  describe(`RateLimitStore contract (${adapter})`, () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const close of cleanup.splice(0)) await close();
    });

    async function opened(policy: RateLimitPolicy): Promise<RateLimitStore> {
      const { store, close } = await open(policy);
      cleanup.push(close);
      return store;
    }

    it('admits the limit per client, then refuses with Retry-After, in the decision shape of the headers', async () => {
      const store = await opened({ limit: 3, windowSeconds: 60 });
      const decisions = [];
      for (let i = 0; i < 4; i += 1) decisions.push(await store.check('client-a', Date.now()));
      expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
      expect(decisions.map((decision) => decision.remaining)).toEqual([2, 1, 0, 0]);
      for (const decision of decisions) {
        expect(decision.limit).toBe(3);
        expect(decision.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(decision.resetSeconds).toBeLessThanOrEqual(60);
      }
      const refused = decisions[3];
      expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(decisions[0]?.retryAfterSeconds).toBe(0);
      if (refused === undefined) throw new Error('no refusal');
      expect(rateLimitHeaders(refused, store.policy)).toEqual({
        'RateLimit-Policy': '3;w=60',
        RateLimit: `limit=3, remaining=0, reset=${refused.resetSeconds}`,
        'Retry-After': String(refused.retryAfterSeconds),
      });
      // Another client has its own window.
      expect(await store.check('client-b', Date.now())).toMatchObject({ allowed: true, remaining: 2 });
    });

    it('admits the client again once its window has passed', async () => {
      const store = await opened({ limit: 1, windowSeconds: 1 });
      expect((await store.check('client-w', Date.now())).allowed).toBe(true);
      expect((await store.check('client-w', Date.now())).allowed).toBe(false);
      await eventually('the window to pass', async () => (await store.check('client-w', Date.now())).allowed, 10_000);
    });
  });
}
