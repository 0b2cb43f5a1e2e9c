import { createHmac } from 'node:crypto';
import { webhookSigningKey } from '@skill-service/contracts';

/**
 * The signing headers of one delivery attempt:
 * - `X-Webhook-Signature: sha256=<lowercase hex HMAC-SHA256 of the raw body>`, keyed with the
 *   secret as given (its UTF-8 bytes), as the HTTP contract says, whatever its form;
 * - Standard Webhooks `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`,
 *   keyed with the decoded bytes of a `whsec_<base64>` secret (that specification's rule, so its
 *   libraries verify with the secret they were given), or with any other secret's UTF-8 bytes.
 * Secrets are validated when the subscription is created; one that is not (older state) falls back
 * to its UTF-8 bytes rather than failing the delivery.
 */
export function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  const asGiven = Buffer.from(secret, 'utf8');
  const signing = webhookSigningKey(secret);
  const standardKey = signing.kind === 'invalid' ? asGiven : signing.key;
  return {
    'x-webhook-signature': `sha256=${createHmac('sha256', asGiven).update(body, 'utf8').digest('hex')}`,
    'webhook-signature': `v1,${createHmac('sha256', standardKey).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`,
  };
}
