import type { WebhookEventName } from '@skill-service/contracts';
import { receives, type StoredSubscription, type SubscriptionStore } from './subscription-store.js';

/** The subscriptions of one process, in a map (the embedded default: lost on restart). */
export class InMemorySubscriptionStore implements SubscriptionStore {
  readonly #subscriptions = new Map<string, StoredSubscription>();

  async add(subscription: StoredSubscription, max: number): Promise<boolean> {
    if (this.#subscriptions.size >= max) return false;
    this.#subscriptions.set(subscription.id, subscription);
    return true;
  }

  async list(): Promise<StoredSubscription[]> {
    return [...this.#subscriptions.values()];
  }

  async get(id: string): Promise<StoredSubscription | undefined> {
    return this.#subscriptions.get(id);
  }

  async delete(id: string): Promise<boolean> {
    return this.#subscriptions.delete(id);
  }

  async count(): Promise<number> {
    return this.#subscriptions.size;
  }

  async matching(event: WebhookEventName): Promise<StoredSubscription[]> {
    return [...this.#subscriptions.values()].filter((subscription) => receives(subscription, event));
  }
}
