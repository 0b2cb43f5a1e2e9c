import { InvalidConfigurationError, type ServiceDescriptor } from '@skill-service/contracts';
import { DEFAULT_PLACEHOLDER_RULES, resolveEnvPlaceholders, type PlaceholderEnv, type PlaceholderRules } from './env-placeholders.js';

/**
 * The service's `base_url` with `${ENV_VAR}` placeholders resolved at call time, without trailing
 * slashes. A missing or (after resolution) unparseable URL is the descriptor's fault: 409. The
 * message never repeats the URL, which may now hold a resolved secret.
 */
export function serviceBaseUrl(service: ServiceDescriptor, env: PlaceholderEnv, rules: PlaceholderRules = DEFAULT_PLACEHOLDER_RULES): string {
  if (service.base_url === undefined || service.base_url.trim() === '') {
    throw new InvalidConfigurationError(`Service '${service.id}' has no base_url.`);
  }
  const resolved = resolveEnvPlaceholders(service.base_url.trim(), env, rules).replace(/\/+$/, '');
  if (!URL.canParse(resolved)) {
    throw new InvalidConfigurationError(`Service '${service.id}' has a base_url that is not a valid URL.`);
  }
  return resolved;
}
