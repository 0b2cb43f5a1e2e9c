import { identityFromCredentials, type AuthSettings, type BridgeCredentials } from '@skill-service/auth';
import type { Identity } from '@skill-service/contracts';
import {
  SERVICE_ENVIRONMENT_HELP,
  SettingParsers,
  authSettingsFromEnvironment,
  authSettingsOf,
  credential,
  readSetting,
  serviceSettingsFromEnvironment,
  type Environment,
  type ServiceSettings,
} from '@skill-service/service';

export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 ** 2;

/** Everything the bridge reads from its environment. */
export interface BridgeConfig {
  readonly service: ServiceSettings;
  /** The server's auth settings (same variables), to resolve and authorize the bridge's own identity. */
  readonly auth: AuthSettings;
  /** What the bridge presents: SERVICE_TOKEN when set, else SERVICE_API_KEY. */
  readonly credentials: BridgeCredentials;
  readonly maxLineBytes: number;
}

export const BRIDGE_USAGE = `Usage: skill-bridge   (no arguments; one JSON request per line on stdin, one answer per line on stdout)
  Plain lines: {"id", "method": "tools/call", "params": {"name", "arguments"}} -> {"id", "result"} | {"id", "error"}
  Lines with "jsonrpc": "2.0": MCP (initialize, ping, server/discover, tools/list, tools/call).
Environment:
  SERVICE_API_KEY      the server's configured key (legacy: the one key; RBAC: an admin key); presented by the bridge
                       unless SERVICE_TOKEN is set
  SERVICE_TOKEN        the bridge's credential: a bearer JWT or an API key (its role limits what the tools may do)
  SERVICE_BRIDGE_MAX_LINE_BYTES  longest request line read (default 4194304); longer lines are skipped with an error
  SERVICE_RBAC, SERVICE_API_KEYS, SERVICE_JWT_SECRET, SERVICE_JWT_LEEWAY_SECONDS, SERVICE_JWT_ISSUER,
  SERVICE_JWT_AUDIENCE, SERVICE_JWT_REQUIRE_EXP, SERVICE_JWT_MAX_AGE_SECONDS: as for the server.
The service, as for the server:
${SERVICE_ENVIRONMENT_HELP}
Exit codes: 0 at end of input, 2 for a bad setting or refused credentials, 1 when the service cannot start.`;

/** Reads the bridge's settings; throws `InvalidConfigurationError` naming the variable on a bad value. */
export function bridgeConfigFromEnvironment(env: Environment): BridgeConfig {
  const configuredKey = readSetting<string | undefined>(env, 'SERVICE_API_KEY', credential, undefined);
  const token = readSetting<string | undefined>(env, 'SERVICE_TOKEN', credential, undefined);
  return {
    service: serviceSettingsFromEnvironment(env),
    auth: authSettingsOf(authSettingsFromEnvironment(env), configuredKey),
    credentials: token !== undefined ? { token } : configuredKey !== undefined ? { apiKey: configuredKey } : {},
    maxLineBytes: readSetting(env, 'SERVICE_BRIDGE_MAX_LINE_BYTES', SettingParsers.integer(1024, 100 * 1024 ** 2), DEFAULT_MAX_LINE_BYTES),
  };
}

/**
 * Who the bridge acts for, by the server's rules (legacy without a key: open; RBAC without keys or
 * JWT secret: anonymous reader). Throws the 401/403 `ServiceError` the server would answer.
 */
export function bridgeIdentity(config: BridgeConfig, now: number = Date.now()): Identity {
  return identityFromCredentials(config.credentials, config.auth, now);
}
