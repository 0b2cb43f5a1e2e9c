import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { WebhookRegistry, type StoredSubscription, type SubscriptionStore } from '@skill-service/webhooks';

// Test support only: the behaviour every SubscriptionStore adapter must have, run by each adapter's spec.

export interface SubscriptionStoreHarness {
  readonly store: SubscriptionStore;
  close(): Promise<void>;
}

function subscription(id: string, events: string[], extra: Partial<StoredSubscription> = {}): StoredSubscription {
  return { id, url: `https://hooks.example.com/${id}`, events, active: true, ...extra };
}

export function subscriptionStoreContract(adapter: string, open: () => Promise<SubscriptionStoreHarness>): void {
  describe(`SubscriptionStore contract (${adapter})`, () => {
    let harness: SubscriptionStoreHarness;
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(async () => {
      await harness.close();
    });

    it('adds, lists in creation order, gets with the secret, and deletes', async () => {
      const { store } = harness;
      expect(await store.add(subscription('b', ['*'], { secret: 'hush' }), 10)).toBe(true);
      expect(await store.add(subscription('a', ['skill.completed']), 10)).toBe(true);
      expect((await store.list()).map((s) => s.id)).toEqual(['b', 'a']);
      expect(await store.get('b')).toEqual(subscription('b', ['*'], { secret: 'hush' }));
      expect(await store.get('a')).toEqual(subscription('a', ['skill.completed']));
      expect(await store.get('missing')).toBeUndefined();
      expect(await store.count()).toBe(2);
      expect(await store.delete('b')).toBe(true);
      expect(await store.delete('b')).toBe(false);
      expect((await store.list()).map((s) => s.id)).toEqual(['a']);
      expect(await store.count()).toBe(1);
    });

    it('matches named events and the wildcard, active subscriptions only', async () => {
      const { store } = harness;
      await store.add(subscription('named', ['skill.completed']), 10);
      await store.add(subscription('all', ['*']), 10);
      await store.add(subscription('other', ['run.failed']), 10);
      await store.add(subscription('paused', ['*'], { active: false }), 10);
      expect((await store.matching('skill.completed')).map((s) => s.id)).toEqual(['named', 'all']);
      expect((await store.matching('run.failed')).map((s) => s.id)).toEqual(['all', 'other']);
    });

    it('never stores more than the cap, even when adds race', async () => {
      const { store } = harness;
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_x, i) => store.add(subscription(`s${i}`, ['*']), 5)));
      expect(outcomes.filter(Boolean)).toHaveLength(5);
      expect(await store.count()).toBe(5);
      expect(await store.add(subscription('late', ['*']), 5)).toBe(false);
      await store.delete((await store.list())[0]?.id ?? '');
      expect(await store.add(subscription('late', ['*']), 5)).toBe(true);
    });

    it('behind the registry: 409 for the 101st subscription, secrets never listed', async () => {
      let n = 0;
      const registry = new WebhookRegistry({ checkUrl: async () => undefined, store: harness.store, newId: () => `w${++n}` });
      await Promise.all(Array.from({ length: 100 }, (_x, i) => registry.create({ url: `https://example.com/${i}`, events: ['*'], secret: 'hush' })));
      await expect(registry.create({ url: 'https://example.com/101', events: ['*'] })).rejects.toMatchObject({ code: 'limit_exceeded', status: 409 });
      const listed = await registry.list();
      expect(listed).toHaveLength(100);
      expect(JSON.stringify(listed)).not.toContain('hush');
      await expect(registry.delete('nope')).rejects.toMatchObject({ code: 'not_found' });
    });
  });
}
