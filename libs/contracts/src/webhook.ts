import { z } from 'zod';
import { webhookSigningKey } from './webhook-secret.js';

export const WEBHOOK_EVENTS = ['skill.started', 'skill.completed', 'skill.failed', 'run.completed', 'run.failed'] as const;
export const WebhookEventName = z.enum(WEBHOOK_EVENTS).meta({ id: 'WebhookEventName' });
export type WebhookEventName = z.infer<typeof WebhookEventName>;

export const MAX_WEBHOOK_SUBSCRIPTIONS = 100;

/** POST /v1/webhooks */
export const WebhookSubscriptionRequest = z
  .object({
    url: z.string().min(1).max(2048).meta({ format: 'uri', description: 'An absolute http or https URL, without credentials' }),
    events: z.array(z.union([WebhookEventName, z.literal('*')])).min(1).max(16),
    secret: z
      .string()
      .min(1)
      .max(512)
      .superRefine((secret, context) => {
        const key = webhookSigningKey(secret);
        if (key.kind === 'invalid') context.addIssue({ code: 'custom', message: key.problem });
      })
      .optional()
      .describe(
        'Signs every delivery. A Standard Webhooks secret (`whsec_` + base64 of 24 to 64 bytes) keys `webhook-signature` with its decoded bytes; ' +
          'any other secret is used as given. `X-Webhook-Signature` is always keyed with the secret as given.',
      ),
  })
  .meta({ id: 'WebhookSubscriptionRequest' });
export type WebhookSubscriptionRequest = z.infer<typeof WebhookSubscriptionRequest>;

/** A subscription as answered: the secret is never returned. */
export const WebhookSubscription = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    url: z.string().meta({ format: 'uri' }),
    events: z.array(z.string()),
    active: z.boolean(),
  })
  .meta({ id: 'WebhookSubscription' });
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

export const WebhookSubscriptionList = z
  .object({ subscriptions: z.array(WebhookSubscription) })
  .meta({ id: 'WebhookSubscriptionList' });

export const WebhookEventData = z
  .object({
    skill_id: z.string(),
    status: z.string(),
    outputs: z.array(z.string()).optional().describe('Output names (on success)'),
    error: z.object({ code: z.string(), message: z.string() }).optional().describe('On failure, instead of outputs'),
    duration_ms: z.number(),
    run_id: z.string().optional().describe('run.* events only'),
  })
  .meta({ id: 'WebhookEventData' });
export type WebhookEventData = z.infer<typeof WebhookEventData>;

/** The body POSTed to a subscriber. */
export const WebhookDeliveryPayload = z
  .object({
    event: WebhookEventName,
    data: WebhookEventData,
    timestamp: z.number().describe('UNIX epoch seconds, fractional'),
    trace_id: z.string(),
  })
  .meta({ id: 'WebhookDeliveryPayload' });
export type WebhookDeliveryPayload = z.infer<typeof WebhookDeliveryPayload>;

export const DeadLetter = z
  .object({
    id: z.string(),
    subscription_id: z.string(),
    url: z.string().meta({ format: 'uri' }),
    event: WebhookEventName,
    attempts: z.number().int(),
    last_error: z.string(),
    failed_at: z.string().meta({ format: 'date-time' }),
    payload: WebhookDeliveryPayload,
  })
  .meta({ id: 'DeadLetter' });
export type DeadLetter = z.infer<typeof DeadLetter>;
