import { InvalidConfigurationError, type ServiceDescriptor } from '@skill-service/contracts';
import { DEFAULT_PLACEHOLDER_RULES, hasPlaceholder, resolveEnvPlaceholders, type PlaceholderEnv, type PlaceholderRules } from './env-placeholders.js';

export interface OutboundHeaders {
  /** Lower-cased names, placeholders resolved. */
  readonly headers: Record<string, string>;
  /** Every value that came from a placeholder or `auth`: scrubbed from upstream text we echo. */
  readonly secrets: readonly string[];
}

/**
 * The headers of one outbound call: the descriptor's `headers`, then the binding's (the binding wins,
 * names compared case-insensitively), then `auth` (`bearer` → `Authorization: Bearer`, `api_key` →
 * `auth.header` or `X-API-Key`, `basic` → `Authorization: Basic` from `username`/`password` or a
 * `user:password` token). `auth` wins over a same-named plain header: it is the dedicated field.
 */
export function outboundHeaders(
  service: ServiceDescriptor,
  bindingHeaders: Readonly<Record<string, string>>,
  env: PlaceholderEnv,
  rules: PlaceholderRules = DEFAULT_PLACEHOLDER_RULES,
): OutboundHeaders {
  const headers: Record<string, string> = {};
  const secrets: string[] = [];
  const resolve = (value: string, secret: boolean): string => {
    const resolved = resolveEnvPlaceholders(value, env, rules);
    if (secret || hasPlaceholder(value)) secrets.push(resolved);
    return resolved;
  };
  for (const source of [service.headers, bindingHeaders]) {
    for (const [name, value] of Object.entries(source)) headers[name.toLowerCase()] = resolve(value, false);
  }
  const auth = service.auth;
  if (auth === undefined) return { headers, secrets };
  const required = (value: string | undefined, field: string): string => {
    if (value === undefined || value === '') {
      throw new InvalidConfigurationError(`Service '${service.id}' has auth type '${auth.type}' but no ${field}.`);
    }
    return resolve(value, true);
  };
  switch (auth.type) {
    case 'bearer':
      headers['authorization'] = `Bearer ${required(auth.token, 'token')}`;
      break;
    case 'api_key':
      headers[(auth.header ?? 'X-API-Key').toLowerCase()] = required(auth.token, 'token');
      break;
    case 'basic': {
      const pair =
        auth.username !== undefined
          ? `${resolve(auth.username, true)}:${resolve(auth.password ?? '', true)}`
          : required(auth.token, 'token or username');
      const encoded = Buffer.from(pair, 'utf8').toString('base64');
      secrets.push(encoded);
      headers['authorization'] = `Basic ${encoded}`;
      break;
    }
  }
  return { headers, secrets };
}
