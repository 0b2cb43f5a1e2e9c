import { Authenticator, type RateLimitStore } from '@skill-service/auth';
import { authSettingsOf } from '@skill-service/service';
import { AccessControl, type AccessObserver } from './access-control.js';
import { loadAuthBackends } from './auth-plugins.js';
import { ProxyTrust } from './client-address.js';
import type { Logger } from './logging/create-logger.js';
import type { ServerOptions } from './server-options.js';

export interface AccessControlContext {
  /** Handed to plugins for their own settings. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where installed packages are looked for when plugins are enabled (the install's node_modules). */
  readonly pluginDirs: readonly string[];
  /** Wall-clock milliseconds, for JWT expiry (tests fix it). */
  readonly clock?: () => number;
  /** Told of rate-limited requests and refused credentials (metrics). */
  readonly observer?: AccessObserver;
  /** Refused credentials are logged here (at info). */
  readonly logger?: Pick<Logger, 'info'>;
  /** Where rate-limit windows are counted; default this process's memory. */
  readonly rateLimitStore?: RateLimitStore;
}

/**
 * Authentication, authorization and rate limiting from the parsed options: the key store (the
 * `--api-key` key as subject `default`, admin; `SERVICE_API_KEYS` hashes), the JWT secret, the
 * enabled plugin backends (discovered and loaded now: an unknown or broken one stops the start
 * with `invalid_configuration`), the limiter and the trusted proxies.
 */
export async function accessControlOf(options: ServerOptions, context: AccessControlContext): Promise<AccessControl> {
  const backends = await loadAuthBackends(options.auth.plugins, context.pluginDirs, context.env);
  const authenticator = new Authenticator({ ...authSettingsOf(options.auth, options.apiKey), backends }, context.clock);
  return new AccessControl({
    authenticator,
    rateLimit: { limit: options.rateLimit.requests, windowSeconds: options.rateLimit.windowSeconds, maxClients: options.rateLimit.maxClients },
    publicRoutes: options.auth.publicProbes,
    trustedProxies: ProxyTrust.parse(options.trustProxy),
    ...(context.observer === undefined ? {} : { observer: context.observer }),
    ...(context.logger === undefined ? {} : { logger: context.logger }),
    ...(context.rateLimitStore === undefined ? {} : { rateLimitStore: context.rateLimitStore }),
  });
}
