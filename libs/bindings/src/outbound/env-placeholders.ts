import { InvalidConfigurationError } from '@skill-service/contracts';

const PLACEHOLDER = /\$\{([A-Z_][A-Z0-9_]*)\}/g;

/** The environment placeholders are read from; the app passes `process.env`. */
export type PlaceholderEnv = Readonly<Record<string, string | undefined>>;

export function hasPlaceholder(value: string): boolean {
  return value.includes('${');
}

/**
 * Replaces `${NAME}` placeholders (descriptor `base_url`, `auth`, header values) at call time, so a
 * rotated secret is picked up without a restart. One pass: a value containing `${…}` is not expanded
 * again. An unset variable fails with `invalid_configuration` naming the variable, never a value.
 *  */
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
