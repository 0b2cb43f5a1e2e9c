import { ApiKeyStore, DEFAULT_JWT_LEEWAY_SECONDS, MIN_JWT_SECRET_BYTES, isCleanCredential, type AuthSettings } from '@skill-service/auth';
import { InvalidConfigurationError, ROLES, type Role } from '@skill-service/contracts';
import { SettingParsers as parse, readSetting, type Environment, type SettingParser } from './setting-parsers.js';

export interface ApiKeyHash {
  readonly subject: string;
  readonly role: Role;
  /** SHA-256 of the key, 64 hex digits. */
  readonly sha256: string;
}

/** The authentication settings of the environment, shared by the server and the tool bridge. */
export interface AuthEnvironment {
  /** `SERVICE_RBAC=1`: identities with roles; otherwise the legacy flat key check. */
  readonly rbac: boolean;
  /** More keys (RBAC), known only by their SHA-256: `SERVICE_API_KEYS=subject:role:sha256,…`. */
  readonly apiKeyHashes: readonly ApiKeyHash[];
  /** Bearer JWTs (HS256), RBAC only. */
  readonly jwt: JwtEnvironment | undefined;
}

/** `SERVICE_JWT_*`: the secrets (current first), leeway, expected issuer and audience, lifetime rules. */
export interface JwtEnvironment {
  readonly secret: string;
  /** The secrets after the first in `SERVICE_JWT_SECRET`: still accepted while tokens roll over. */
  readonly previousSecrets?: readonly string[];
  readonly leewaySeconds: number;
  readonly issuer?: string;
  readonly audience?: string;
  /** `SERVICE_JWT_REQUIRE_EXP=1`: a token without `exp` is refused. */
  readonly requireExp?: boolean;
  /** `SERVICE_JWT_MAX_AGE_SECONDS`: a token issued (`iat`, then required) longer ago is refused. */
  readonly maxAgeSeconds?: number;
}

/** The subject of the configured key (`--api-key` / `SERVICE_API_KEY`; RBAC registers it as admin). */
export const CONFIGURED_KEY_SUBJECT = 'default';

/** An API key or token: printable ASCII, no surrounding spaces (what the HTTP headers accept). */
export const credential: SettingParser<string> = (raw, name) => {
  if (!isCleanCredential(raw)) throw new InvalidConfigurationError(`${name} must be 1 to 8192 printable ASCII characters without leading or trailing spaces`);
  return raw;
};

/**
 * One secret, or several separated by commas for key rotation (the first signs new tokens
 * elsewhere and is tried first here; every one verifies). Each must be at least 32 bytes.
 */
const jwtSecrets: SettingParser<string[]> = (raw, name) => {
  const secrets = raw.includes(',') ? parse.list(raw, name) : [raw];
  if (secrets.length === 0) throw new InvalidConfigurationError(`${name} holds no secret`);
  secrets.forEach((secret, index) => {
    if (Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
      const which = secrets.length === 1 ? '' : ` (secret ${index + 1} of ${secrets.length})`;
      throw new InvalidConfigurationError(`${name} must be at least ${MIN_JWT_SECRET_BYTES} bytes long (HS256 key)${which}`);
    }
  });
  return secrets;
};

/** `subject:role:sha256hex`, comma-separated. */
const apiKeyHashes: SettingParser<ApiKeyHash[]> = (raw, name) =>
  parse.list(raw, name).map((item, index) => {
    const match = /^([^:\s]{1,256}):([a-z]+):([0-9a-fA-F]{64})$/.exec(item);
    const role = match?.[2];
    if (match === null || role === undefined || !(ROLES as readonly string[]).includes(role)) {
      // The entry itself is not echoed: it might be a raw key pasted by mistake.
      throw new InvalidConfigurationError(`${name} entry ${index + 1} is not subject:role:sha256 (role one of ${ROLES.join(', ')}, 64 hex digits)`);
    }
    return { subject: match[1] ?? '', role: role as Role, sha256: (match[3] ?? '').toLowerCase() };
  });

/**
 * SERVICE_RBAC, SERVICE_API_KEYS, SERVICE_JWT_SECRET / _LEEWAY_SECONDS / _ISSUER / _AUDIENCE /
 * _REQUIRE_EXP / _MAX_AGE_SECONDS, with
 * the combinations that cannot work refused (they need RBAC). `plugins`: the auth plugins the
 * caller enables, named in that refusal too. Throws `InvalidConfigurationError` (one line).
 */
export function authSettingsFromEnvironment(env: Environment, options: { readonly plugins?: readonly string[] } = {}): AuthEnvironment {
  const rbac = readSetting(env, 'SERVICE_RBAC', parse.flag, false);
  const secrets = readSetting<string[] | undefined>(env, 'SERVICE_JWT_SECRET', jwtSecrets, undefined);
  const [secret, ...previousSecrets] = secrets ?? [];
  const issuer = readSetting<string | undefined>(env, 'SERVICE_JWT_ISSUER', parse.text, undefined);
  const audience = readSetting<string | undefined>(env, 'SERVICE_JWT_AUDIENCE', parse.text, undefined);
  const hashes = readSetting(env, 'SERVICE_API_KEYS', apiKeyHashes, []);
  if (!rbac) {
    const plugins = options.plugins ?? [];
    const needsRbac = [secret === undefined ? '' : 'SERVICE_JWT_SECRET', hashes.length === 0 ? '' : 'SERVICE_API_KEYS', plugins.length === 0 ? '' : 'auth plugins'].filter((x) => x !== '');
    if (needsRbac.length > 0) throw new InvalidConfigurationError(`${needsRbac.join(', ')} need${needsRbac.length === 1 ? 's' : ''} SERVICE_RBAC=1 (the legacy mode has one API key and no roles)`);
  }
  return {
    rbac,
    apiKeyHashes: hashes,
    jwt:
      secret === undefined
        ? undefined
        : {
            secret,
            ...(previousSecrets.length === 0 ? {} : { previousSecrets }),
            leewaySeconds: readSetting(env, 'SERVICE_JWT_LEEWAY_SECONDS', parse.integer(0, 300), DEFAULT_JWT_LEEWAY_SECONDS),
            ...(issuer === undefined ? {} : { issuer }),
            ...(audience === undefined ? {} : { audience }),
            ...(readSetting(env, 'SERVICE_JWT_REQUIRE_EXP', parse.flag, false) ? { requireExp: true } : {}),
            ...optional('maxAgeSeconds', readSetting<number | undefined>(env, 'SERVICE_JWT_MAX_AGE_SECONDS', parse.integer(1, 31_536_000), undefined)),
          },
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * The authenticator's settings (no plugin backends): the key store holds the configured key (subject
 * `default`; admin under RBAC, the one key in legacy mode) and the `SERVICE_API_KEYS` hashes.
 */
export function authSettingsOf(auth: AuthEnvironment, configuredKey: string | undefined): AuthSettings {
  const apiKeys = new ApiKeyStore();
  if (configuredKey !== undefined) apiKeys.add(configuredKey, { subject: CONFIGURED_KEY_SUBJECT, role: 'admin' });
  for (const key of auth.apiKeyHashes) apiKeys.addHash(key.sha256, { subject: key.subject, role: key.role });
  return { mode: auth.rbac ? 'rbac' : 'legacy', apiKeys, ...(auth.jwt === undefined ? {} : { jwt: auth.jwt }) };
}
