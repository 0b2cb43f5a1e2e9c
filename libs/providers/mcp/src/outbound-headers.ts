import { InvalidConfigurationError, type ServiceDescriptor } from '@skill-service/contracts';
import { resolveEnvPlaceholders, type PlaceholderEnv } from './env-placeholders.js';

/**
 * The HTTP headers a streamable-HTTP MCP service is called with: the descriptor's `headers`, then
 * its `auth` (`bearer` → `Authorization: Bearer`, `api_key` → `auth.header` or `X-API-Key`,
 * `basic` → `Authorization: Basic`), every value with `${ENV_VAR}` placeholders resolved.
 */
export function outboundHeaders(service: ServiceDescriptor, env: PlaceholderEnv): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(service.headers)) headers[name] = resolveEnvPlaceholders(value, env);
  const auth = service.auth;
  if (auth === undefined) return headers;
  const secret = (value: string | undefined, field: string): string => {
    if (value === undefined || value === '') {
      throw new InvalidConfigurationError(`Service '${service.id}' has auth type '${auth.type}' but no ${field}.`);
    }
    return resolveEnvPlaceholders(value, env);
  };
  switch (auth.type) {
    case 'bearer':
      headers['Authorization'] = `Bearer ${secret(auth.token, 'token')}`;
      break;
    case 'api_key':
      headers[auth.header ?? 'X-API-Key'] = secret(auth.token, 'token');
      break;
    case 'basic': {
      const pair =
        auth.username !== undefined
          ? `${resolveEnvPlaceholders(auth.username, env)}:${resolveEnvPlaceholders(auth.password ?? '', env)}`
          : secret(auth.token, 'token or username');
      headers['Authorization'] = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
      break;
    }
  }
  return headers;
}
