import { DEFAULT_PLACEHOLDER_RULES, resolveEnvPlaceholders, type PlaceholderEnv, type PlaceholderRules } from './env-placeholders.js';

/** What a provider child process inherits of the server's environment: nothing that could hold a secret. */
const INHERITED = new Set(['PATH', 'HOME', 'LANG', 'TMPDIR']);
const INHERITED_PREFIXES = ['LC_'];

/**
 * The environment of a provider child process (a Python worker, a stdio MCP server): `PATH`,
 * `HOME`, `LANG`, `LC_*` and `TMPDIR` from the server's environment, then the service
 * descriptor's `env:` map with its `${VAR}` placeholders resolved under `rules`. Nothing else of
 * the server's environment — its JWT secret, API keys, cloud credentials — reaches third-party
 * code. Throws `invalid_configuration` for a refused or unset placeholder, before any process starts.
 */
export function childEnvironment(
  serverEnv: PlaceholderEnv,
  declared: Readonly<Record<string, string>> = {},
  rules: PlaceholderRules = DEFAULT_PLACEHOLDER_RULES,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(serverEnv)) {
    if (value === undefined) continue;
    if (INHERITED.has(name) || INHERITED_PREFIXES.some((prefix) => name.startsWith(prefix))) env[name] = value;
  }
  for (const [name, value] of Object.entries(declared)) env[name] = resolveEnvPlaceholders(value, serverEnv, rules);
  return env;
}
