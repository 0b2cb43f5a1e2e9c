import { InvalidConfigurationError } from '@skill-service/contracts';

const PLACEHOLDER = /\$\{([A-Z_][A-Z0-9_]*)\}/g;

/** The environment placeholders are read from; `process.env` fits. */
export type PlaceholderEnv = Readonly<Record<string, string | undefined>>;

/**
 * Replaces `${NAME}` placeholders (descriptor `auth.token`, headers, `base_url`) at call time, so a
 * rotated secret is picked up without a restart. One pass: a value containing `${…}` is not expanded
 * again. An unset variable fails with `invalid_configuration` naming the variable, never a value.
 * (The outbound guard has the same rule; adapters may not import each other, hence this copy.)
 */
export function resolveEnvPlaceholders(value: string, env: PlaceholderEnv): string {
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
      missing.size === 1 ? `Environment variable ${names} is not set.` : `Environment variables ${names} are not set.`,
      { hint: 'Set the variable in the service environment or remove the placeholder from the descriptor.' },
    );
  }
  return resolved;
}
