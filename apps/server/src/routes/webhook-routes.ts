import {
  DeadLetter,
  parseContract,
  WebhookDeliveryPayload,
  WebhookSubscription,
  WebhookSubscriptionList,
  WebhookSubscriptionRequest,
} from '@skill-service/contracts';
import type { SkillService } from '@skill-service/service';
import { z } from 'zod';
import type { RouteDefinition } from '../route-definition.js';

export const WebhookDeletion = z.object({ deleted: z.string() }).meta({ id: 'WebhookDeletion' });
export const DeadLetterList = z.object({ dead_letters: z.array(DeadLetter) }).meta({ id: 'DeadLetterList' });
/** The replay takes no options yet; a body, when sent, must be a JSON object. */
export const DeadLetterReplayRequest = z.object({}).meta({ id: 'DeadLetterReplayRequest' });
export const DeadLetterReplay = z.object({ replayed: z.string().describe('The dead letter re-queued') }).meta({ id: 'DeadLetterReplay' });

/**
 * Webhook subscriptions and the dead-letter queue (operator). Subscriptions are validated by the
 * service (the outbound guard checks the URL); deliveries run in the background. The dead-letter
 * paths come before `/v1/webhooks/{webhook_id}`, which would otherwise take `dead-letters` as an id.
 */
export function webhookRoutes(service: SkillService): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/v1/webhooks',
      operationId: 'createWebhook',
      summary: 'Subscribe a URL to webhook events (named events or `*`); at most 100 subscriptions',
      access: 'operator',
      body: WebhookSubscriptionRequest,
      responses: { 201: { description: 'The subscription (its secret is never answered)', schema: WebhookSubscription } },
      errors: [400, 409, 503],
      handler: async (req, res) => {
        res.status(201).json(await service.createWebhook(req.body));
      },
    },
    {
      method: 'get',
      path: '/v1/webhooks',
      operationId: 'listWebhooks',
      summary: 'Webhook subscriptions, secrets left out',
      access: 'operator',
      responses: { 200: { description: 'Every subscription', schema: WebhookSubscriptionList } },
      errors: [503],
      handler: async (_req, res) => {
        res.json(await service.listWebhooks());
      },
    },
    {
      method: 'get',
      path: '/v1/webhooks/dead-letters',
      operationId: 'listWebhookDeadLetters',
      summary: 'Deliveries that failed every attempt (oldest first, the 500 most recent kept)',
      access: 'operator',
      responses: { 200: { description: 'The dead-letter queue', schema: DeadLetterList } },
      errors: [503],
      handler: async (_req, res) => {
        res.json(await service.listDeadLetters());
      },
    },
    {
      method: 'post',
      path: '/v1/webhooks/dead-letters/{dead_letter_id}/replay',
      operationId: 'replayWebhookDeadLetter',
      summary: 'Re-queue one dead letter to its subscription with its original webhook-id (removed from the queue; back, same id, if it fails again)',
      access: 'operator',
      body: DeadLetterReplayRequest,
      responses: { 200: { description: 'The replayed dead letter id', schema: DeadLetterReplay } },
      errors: [400, 404, 503],
      handler: async (req, res) => {
        parseContract(DeadLetterReplayRequest, req.body, 'replay request');
        res.json(await service.replayDeadLetter(String(req.params['dead_letter_id'])));
      },
    },
    {
      method: 'delete',
      path: '/v1/webhooks/{webhook_id}',
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook subscription',
      access: 'operator',
      responses: { 200: { description: 'The deleted id', schema: WebhookDeletion } },
      errors: [404, 503],
      handler: async (req, res) => {
        res.json(await service.deleteWebhook(String(req.params['webhook_id'])));
      },
    },
  ];
}

/** What subscribers receive, for the `webhooks` section of the API description. */
export const WEBHOOK_DELIVERY_DESCRIPTION = {
  name: 'webhookDelivery',
  summary: 'An event delivered to a subscription (skill.started, skill.completed, skill.failed, run.completed, run.failed)',
  schema: WebhookDeliveryPayload,
} as const;
