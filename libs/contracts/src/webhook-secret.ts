/** The prefix of a Standard Webhooks secret: `whsec_` followed by the key's bytes in base64. */
export const STANDARD_WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The Standard Webhooks specification asks for keys of 24 to 64 bytes; shorter ones are refused. */
export const MIN_STANDARD_WEBHOOK_KEY_BYTES = 24;

// Standard base64 with its padding, as Standard Webhooks libraries write and read it.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type WebhookSigningKey =
  /** A `whsec_` secret: the decoded bytes sign the Standard Webhooks header. */
  | { readonly kind: 'standard'; readonly key: Uint8Array }
  /** Any other secret: its UTF-8 bytes, as given. */
  | { readonly kind: 'raw'; readonly key: Uint8Array }
  | { readonly kind: 'invalid'; readonly problem: string };

/**
 * The key a subscription secret signs the Standard Webhooks `webhook-signature` with: a
 * `whsec_<base64>` secret is decoded, as that specification says (so its libraries verify our
 * deliveries with the secret they were given); any other secret is used as its UTF-8 bytes.
 */
export function webhookSigningKey(secret: string): WebhookSigningKey {
  if (!secret.startsWith(STANDARD_WEBHOOK_SECRET_PREFIX)) return { kind: 'raw', key: new TextEncoder().encode(secret) };
  const encoded = secret.slice(STANDARD_WEBHOOK_SECRET_PREFIX.length);
  if (encoded === '' || !BASE64.test(encoded)) {
    return { kind: 'invalid', problem: `a ${STANDARD_WEBHOOK_SECRET_PREFIX} secret must continue with standard base64 (A-Z, a-z, 0-9, +, /, = padding)` };
  }
  const key = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
  if (key.length < MIN_STANDARD_WEBHOOK_KEY_BYTES) {
    return {
      kind: 'invalid',
      problem: `a ${STANDARD_WEBHOOK_SECRET_PREFIX} secret must decode to at least ${MIN_STANDARD_WEBHOOK_KEY_BYTES} bytes, got ${key.length}`,
    };
  }
  return { kind: 'standard', key };
}
