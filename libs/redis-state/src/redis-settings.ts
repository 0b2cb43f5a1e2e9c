import { InvalidConfigurationError } from '@skill-service/contracts';

/** Where the shared state lives, checked before anything connects. */
export interface RedisSettings {
  /** `redis://` or `rediss://` URL, credentials included when the server needs them. */
  readonly url: string;
  /** Every key of this deployment starts with `<prefix>:`; two deployments can share one Redis. */
  readonly prefix: string;
}

export const DEFAULT_REDIS_PREFIX = 'skills';

/** Letters, digits and `._-`, 1–64 characters: no spaces, no `:` (the separator), no glob characters. */
const PREFIX_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Validates a URL and prefix; the error names what is wrong and never echoes a password. */
export function redisSettings(url: string, prefix: string = DEFAULT_REDIS_PREFIX): RedisSettings {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidConfigurationError('The Redis URL is not a valid URL (expected redis://host:port or rediss://host:port)');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new InvalidConfigurationError(`The Redis URL must start with redis:// or rediss://, not ${parsed.protocol}//`);
  }
  if (parsed.hostname === '') throw new InvalidConfigurationError('The Redis URL names no host');
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,2}$/.test(db)) throw new InvalidConfigurationError(`The Redis URL's database must be a number, not '${db}'`);
  if (!PREFIX_PATTERN.test(prefix)) {
    throw new InvalidConfigurationError('The Redis key prefix must be 1 to 64 letters, digits, dots, dashes or underscores (no spaces or colons)');
  }
  return { url, prefix };
}

/** The URL as it may be printed: the password replaced. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.href;
  } catch {
    return '<invalid URL>';
  }
}
