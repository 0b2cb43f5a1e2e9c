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

/** Rejects (throws) when a URL may not be called; the app wires the outbound guard. */
export type WebhookUrlCheck = (url: string) => Promise<void>;

/** A subscription as kept, secret included (never answered). */
export interface StoredSubscription {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly active: boolean;
  readonly secret?: string;
}

export interface WebhookRegistryOptions {
  readonly checkUrl: WebhookUrlCheck;
  /** Default `MAX_WEBHOOK_SUBSCRIPTIONS` (100). */
  readonly maxSubscriptions?: number;
  readonly newId?: () => string;
}

function publicView(subscription: StoredSubscription): WebhookSubscription {
  return { id: subscription.id, url: subscription.url, events: [...subscription.events], active: subscription.active };
}

/** The in-memory webhook subscriptions of one server instance, bounded. */
export class WebhookRegistry {
  private readonly subscriptions = new Map<string, StoredSubscription>();
  private readonly maxSubscriptions: number;
  private readonly newId: () => string;

  constructor(private readonly options: WebhookRegistryOptions) {
    this.maxSubscriptions = options.maxSubscriptions ?? MAX_WEBHOOK_SUBSCRIPTIONS;
    this.newId = options.newId ?? randomUUID;
  }

  get size(): number {
    return this.subscriptions.size;
  }

  /**
   * Validates and stores a subscription: the request shape (known events or `*`), an http/https
   * URL without credentials that the outbound guard allows (400 otherwise), and the limit (409).
   */
  async create(request: unknown): Promise<WebhookSubscription> {
    const parsed = parseContract(WebhookSubscriptionRequest, request, 'webhook subscription');
    this.checkLimit();
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
    // Checked again: other creations may have completed while the URL was being checked.
    this.checkLimit();
    const subscription: StoredSubscription = {
      id: this.newId(),
      url: url.href,
      events: [...new Set(parsed.events)],
      active: true,
      ...(parsed.secret === undefined ? {} : { secret: parsed.secret }),
    };
    this.subscriptions.set(subscription.id, subscription);
    return publicView(subscription);
  }

  /** Every subscription, secrets left out, in creation order. */
  list(): WebhookSubscription[] {
    return [...this.subscriptions.values()].map(publicView);
  }

  delete(id: string): { deleted: string } {
    if (!this.subscriptions.delete(id)) throw new NotFoundError(`Webhook subscription '${id}' not found`);
    return { deleted: id };
  }

  get(id: string): StoredSubscription | undefined {
    return this.subscriptions.get(id);
  }

  /** Active subscriptions receiving `event` (named or `*`). */
  matching(event: WebhookEventName): StoredSubscription[] {
    return [...this.subscriptions.values()].filter((s) => s.active && (s.events.includes(event) || s.events.includes('*')));
  }

  private checkLimit(): void {
    if (this.subscriptions.size >= this.maxSubscriptions) {
      throw new ServiceError(
        'limit_exceeded',
        `Webhook subscription limit reached: at most ${this.maxSubscriptions} subscriptions per server instance; delete one first`,
      );
    }
  }
}
