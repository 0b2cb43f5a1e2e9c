import { InvalidConfigurationError } from '@skill-service/contracts';

const PLACEHOLDER = /\$\{([A-Z_][A-Z0-9_]*)\}/g;
/** The server's own settings: never readable through a descriptor, whatever the allow-list says. */
const RESERVED_PREFIXES = ['SERVICE_', 'OTEL_'] as const;

/** The environment placeholders are read from; the app hands it in as data. */
export type PlaceholderEnv = Readonly<Record<string, string | undefined>>;

/**
 * Which variables `${NAME}` placeholders may read. `SERVICE_*` and `OTEL_*` never (they hold the
 * server's credentials and wiring); when `allow` is given (`SERVICE_SECRET_ENV_ALLOW`: names, or
 * `PREFIX_*` patterns), only the names it matches.
 */
export class PlaceholderRules {
  readonly #names: ReadonlySet<string> | undefined;
  readonly #prefixes: readonly string[];

  constructor(allow?: readonly string[]) {
    this.#names = allow === undefined ? undefined : new Set(allow.filter((entry) => !entry.endsWith('*')));
    this.#prefixes = (allow ?? []).filter((entry) => entry.endsWith('*')).map((entry) => entry.slice(0, -1));
  }

  /** Why `name` may not be read, or undefined when it may. */
  refusal(name: string): string | undefined {
    const reserved = RESERVED_PREFIXES.find((prefix) => name.startsWith(prefix));
    if (reserved !== undefined) return `${reserved}* variables are the server's own settings and never resolve in a service descriptor`;
    if (this.#names === undefined || this.#names.has(name) || this.#prefixes.some((prefix) => name.startsWith(prefix))) return undefined;
    return `${name} is not in SERVICE_SECRET_ENV_ALLOW`;
  }
}

/** The rules without an allow-list: everything but the server's own settings. */
export const DEFAULT_PLACEHOLDER_RULES = new PlaceholderRules();

export function hasPlaceholder(value: string): boolean {
  return value.includes('${');
}

/**
 * Replaces `${NAME}` placeholders (descriptor `base_url`, `auth`, header values, `env` values) at
 * call time, so a rotated secret is picked up without a restart. One pass: a value containing
 * `${…}` is not expanded again. A refused or unset variable fails with `invalid_configuration`
 * naming the variable and why, never a value, before anything is sent or started.
 */
export function resolveEnvPlaceholders(value: string, env: PlaceholderEnv, rules: PlaceholderRules = DEFAULT_PLACEHOLDER_RULES): string {
  const missing = new Set<string>();
  const refused: string[] = [];
  const resolved = value.replace(PLACEHOLDER, (placeholder, name: string) => {
    const refusal = rules.refusal(name);
    if (refusal !== undefined) {
      refused.push(`\${${name}} is refused: ${refusal}`);
      return placeholder;
    }
    const replacement = Object.hasOwn(env, name) ? env[name] : undefined;
    if (replacement === undefined) {
      missing.add(name);
      return placeholder;
    }
    return replacement;
  });
  if (refused.length > 0) {
    throw new InvalidConfigurationError(`Placeholder ${refused.join('; ')}.`, {
      hint: 'Pass the value through a variable of its own and list it in SERVICE_SECRET_ENV_ALLOW when that is set.',
    });
  }
  if (missing.size > 0) {
    const names = [...missing].join(', ');
    throw new InvalidConfigurationError(
      missing.size === 1 ? `Environment variable ${names} is not set.` : `Environment variables ${names} are not set.`,
      { hint: 'Set the variable in the service environment or remove the placeholder from the descriptor.' },
    );
  }
  return resolved;
}
