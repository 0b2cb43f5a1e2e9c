/**
 * Keys whose values never reach an audit record. Matching is by the WHOLE key name, compared
 * case-insensitively: matching substrings would redact `keywords` (contains "key") or
 * `author` (contains "auth"), which are ordinary data. The price of exact names
 * is that a new spelling has to be listed; callers extend the list (`[...DEFAULT_REDACT_KEYS, 'pin']`).
 */
export const DEFAULT_REDACT_KEYS: readonly string[] = [
  'api_key',
  'apikey',
  'x-api-key',
  'password',
  'token',
  'secret',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'access_token',
  'refresh_token',
  'private_key',
  'client_secret',
  'credentials',
  'session',
];

/** The replacement written in place of a redacted value. */
export const REDACTED = '[REDACTED]';

/** A case-insensitive exact-name matcher over a list of key names. */
export interface RedactKeyMatcher {
  (key: string): boolean;
}

export function redactKeyMatcher(keys: Iterable<string> = DEFAULT_REDACT_KEYS): RedactKeyMatcher {
  const names = new Set<string>();
  for (const key of keys) names.add(key.toLowerCase());
  return (key) => names.has(key.toLowerCase());
}
