import { InvalidConfigurationError } from '@skill-service/contracts';
import type { ProviderCall } from '@skill-service/bindings';
import { isFunctionName, moduleRefusal } from './module-policy.js';

/** The Python function a call reaches. */
export interface CallTarget {
  readonly module: string;
  readonly function: string;
}

/**
 * Reads and checks the target before any process is involved: the module comes from the service
 * descriptor, or from the binding's `service` when the binding names a module directly.
 * Every refusal is a configuration error (409): the binding or descriptor cannot work.
 */
export function resolveCallTarget(call: ProviderCall, allowedPrefixes: readonly string[]): CallTarget {
  const { binding, service } = call;
  if (service !== undefined && service.protocol !== 'pythoncall') {
    throw new InvalidConfigurationError(`service ${service.id} speaks ${service.protocol}, not pythoncall`);
  }
  if (service !== undefined && service.module === undefined) {
    throw new InvalidConfigurationError(`pythoncall service ${service.id} names no module`);
  }
  const module = service?.module ?? binding.service;
  const refusal = moduleRefusal(module, allowedPrefixes);
  if (refusal !== undefined) throw new InvalidConfigurationError(refusal);
  if (!isFunctionName(binding.operation)) {
    throw new InvalidConfigurationError(
      `"${binding.operation}" is not a callable python function name (binding ${binding.id})`,
    );
  }
  return { module, function: binding.operation };
}
