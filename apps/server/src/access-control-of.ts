import { ApiKeyStore, Authenticator } from '@skill-service/auth';
import { AccessControl } from './access-control.js';
import { loadAuthBackends } from './auth-plugins.js';
import { ProxyTrust } from './client-address.js';
import type { ServerOptions } from './server-options.js';

/** The subject of the `--api-key` key (RBAC registers it as admin). */
export const CONFIGURED_KEY_SUBJECT = 'default';

export interface AccessControlContext {
  /** Handed to plugins for their own settings. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where installed packages are looked for when plugins are enabled (the install's node_modules). */
  readonly pluginDirs: readonly string[];
  /** Wall-clock milliseconds, for JWT expiry (tests fix it). */
  readonly clock?: () => number;
}

/**
 * Authentication, authorization and rate limiting from the parsed options: the key store (the
 * `--api-key` key as subject `default`, admin; `SERVICE_API_KEYS` hashes), the JWT secret, the
 * enabled plugin backends (discovered and loaded now: an unknown or broken one stops the start
 * with `invalid_configuration`), the limiter and the trusted proxies.
 */
export async function accessControlOf(options: ServerOptions, context: AccessControlContext): Promise<AccessControl> {
  const apiKeys = new ApiKeyStore();
  if (options.apiKey !== undefined) apiKeys.add(options.apiKey, { subject: CONFIGURED_KEY_SUBJECT, role: 'admin' });
  for (const key of options.auth.apiKeyHashes) apiKeys.addHash(key.sha256, { subject: key.subject, role: key.role });
  const backends = await loadAuthBackends(options.auth.plugins, context.pluginDirs, context.env);
  const authenticator = new Authenticator(
    {
      mode: options.auth.rbac ? 'rbac' : 'legacy',
      apiKeys,
      ...(options.auth.jwt === undefined ? {} : { jwt: options.auth.jwt }),
      backends,
    },
    context.clock,
  );
  return new AccessControl({
    authenticator,
    rateLimit: { limit: options.rateLimit.requests, windowSeconds: options.rateLimit.windowSeconds, maxClients: options.rateLimit.maxClients },
    publicRoutes: options.auth.publicProbes,
    trustedProxies: ProxyTrust.parse(options.trustProxy),
  });
}
