import { InvalidConfigurationError } from '@skill-service/contracts';

const PLACEHOLDER = /\$\{([A-Z_][A-Z0-9_]*)\}/g;

/**
 * Replaces `${NAME}` placeholders (descriptor `auth.token`, headers, `base_url`) from the env the
 * caller passes; this library never reads `process.env` itself. One pass only: a value that itself
 * contains `${…}` is not expanded again. An unset variable fails with a message naming the
 * variable(s) and never any value.
 */
export function resolveEnvPlaceholders(value: string, env: Readonly<Record<string, string | undefined>>): string {
  const missing = new Set<string>();
  const resolved = value.replace(PLACEHOLDER, (placeholder, name: string) => {
    const replacement = Object.hasOwn(env, name) ? env[name] : undefined;
    if (replacement === undefined) {
      missing.add(name);
      return placeholder;
    }
    return replacement;
  });
  if (missing.size > 0) {
    const names = [...missing].join(', ');
    throw new InvalidConfigurationError(
      missing.size === 1
        ? `Environment variable ${names} is not set`
        : `Environment variables ${names} are not set`,
      { hint: 'Set the variable in the service environment or remove the placeholder from the descriptor.' },
    );
  }
  return resolved;
}
