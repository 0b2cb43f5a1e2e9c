import { createHmac } from 'node:crypto';

/**
 * The signing headers of one delivery attempt. The secret is used raw, as its UTF-8 bytes, for
 * both schemes:
 * - `X-Webhook-Signature: sha256=<lowercase hex HMAC-SHA256 of the raw body>` (the documented header);
 * - Standard Webhooks `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`.
 *   Note: Standard Webhooks libraries (e.g. the `standardwebhooks` package) expect a base64
 *   (`whsec_…`) secret; to verify with them, give them the base64 encoding of the same UTF-8 bytes.
 */
export function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = Buffer.from(secret, 'utf8');
  return {
    'x-webhook-signature': `sha256=${createHmac('sha256', key).update(body, 'utf8').digest('hex')}`,
    'webhook-signature': `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`,
  };
}
