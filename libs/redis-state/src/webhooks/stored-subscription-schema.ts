import { z } from 'zod';
import type { StoredSubscription } from '@skill-service/webhooks';

/** A subscription as this service writes it in Redis; anything else under its key is corrupt. */
export const StoredSubscriptionSchema = z.object({
  id: z.string().min(1),
  url: z.string().min(1),
  events: z.array(z.string()),
  active: z.boolean(),
  secret: z.string().optional(),
});

/** The stored form, optional fields left out rather than undefined. */
export function toStored(value: z.infer<typeof StoredSubscriptionSchema>): StoredSubscription {
  return { id: value.id, url: value.url, events: value.events, active: value.active, ...(value.secret === undefined ? {} : { secret: value.secret }) };
}
