import { randomUUID } from 'node:crypto';
import {
  InvalidRequestError,
  MAX_WEBHOOK_SUBSCRIPTIONS,
  NotFoundError,
  parseContract,
  ServiceError,
  WebhookSubscriptionRequest,
  type WebhookEventName,
  type WebhookSubscription,
} from '@skill-service/contracts';
import { InMemorySubscriptionStore } from './in-memory-subscription-store.js';
import type { StoredSubscription, SubscriptionStore } from './subscription-store.js';

/** Rejects (throws) when a URL may not be called; the app wires the outbound guard. */
export type WebhookUrlCheck = (url: string) => Promise<void>;

export interface WebhookRegistryOptions {
  readonly checkUrl: WebhookUrlCheck;
  /** Where subscriptions are kept; default in this process's memory. */
  readonly store?: SubscriptionStore;
  /** Default `MAX_WEBHOOK_SUBSCRIPTIONS` (100). */
  readonly maxSubscriptions?: number;
  readonly newId?: () => string;
}

function publicView(subscription: StoredSubscription): WebhookSubscription {
  return { id: subscription.id, url: subscription.url, events: [...subscription.events], active: subscription.active };
}

/**
 * The webhook subscriptions of a deployment, bounded: requests are validated here, and kept in
 * the store (this process's memory by default, or a store every process shares).
 */
export class WebhookRegistry {
  private readonly store: SubscriptionStore;
  private readonly maxSubscriptions: number;
  private readonly newId: () => string;

  constructor(private readonly options: WebhookRegistryOptions) {
    this.store = options.store ?? new InMemorySubscriptionStore();
    this.maxSubscriptions = options.maxSubscriptions ?? MAX_WEBHOOK_SUBSCRIPTIONS;
    this.newId = options.newId ?? randomUUID;
  }

  /** Subscriptions stored. */
  count(): Promise<number> {
    return this.store.count();
  }

  /**
   * Validates and stores a subscription: the request shape (known events or `*`), an http/https
   * URL without credentials that the outbound guard allows (400 otherwise), and the limit (409).
   */
  async create(request: unknown): Promise<WebhookSubscription> {
    const parsed = parseContract(WebhookSubscriptionRequest, request, 'webhook subscription');
    // Refused early when full; the store checks again atomically with the write.
    if ((await this.store.count()) >= this.maxSubscriptions) throw this.limitReached();
    let url: URL;
    try {
      url = new URL(parsed.url);
    } catch {
      throw new InvalidRequestError('Invalid webhook subscription: url is not a valid absolute URL', {
        details: [{ path: 'url', message: 'must be an absolute http or https URL' }],
      });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new InvalidRequestError('Invalid webhook subscription: url must use http or https', {
        details: [{ path: 'url', message: 'must be an absolute http or https URL' }],
      });
    }
    if (url.username !== '' || url.password !== '') {
      throw new InvalidRequestError('Invalid webhook subscription: url must not carry credentials', {
        details: [{ path: 'url', message: 'must not contain a user name or password' }],
      });
    }
    try {
      await this.options.checkUrl(url.href);
    } catch (error) {
      throw new InvalidRequestError(`Webhook URL is not allowed: ${error instanceof Error ? error.message : String(error)}`, {
        details: [{ path: 'url', message: 'refused by the outbound guard' }],
        cause: error,
      });
    }
    const subscription: StoredSubscription = {
      id: this.newId(),
      url: url.href,
      events: [...new Set(parsed.events)],
      active: true,
      ...(parsed.secret === undefined ? {} : { secret: parsed.secret }),
    };
    // Other creations may have completed while the URL was being checked: the store decides.
    if (!(await this.store.add(subscription, this.maxSubscriptions))) throw this.limitReached();
    return publicView(subscription);
  }

  /** Every subscription, secrets left out, in creation order. */
  async list(): Promise<WebhookSubscription[]> {
    return (await this.store.list()).map(publicView);
  }

  async delete(id: string): Promise<{ deleted: string }> {
    if (!(await this.store.delete(id))) throw new NotFoundError(`Webhook subscription '${id}' not found`);
    return { deleted: id };
  }

  get(id: string): Promise<StoredSubscription | undefined> {
    return this.store.get(id);
  }

  /** Active subscriptions receiving `event` (named or `*`). */
  matching(event: WebhookEventName): Promise<StoredSubscription[]> {
    return this.store.matching(event);
  }

  private limitReached(): ServiceError {
    return new ServiceError(
      'limit_exceeded',
      `Webhook subscription limit reached: at most ${this.maxSubscriptions} subscriptions per deployment; delete one first`,
    );
  }
}
