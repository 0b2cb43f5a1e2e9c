import { InvalidRequestError, isServiceError } from '@skill-service/contracts';
import type { BuiltinCapability, CapabilityPorts, JsonSchema } from './builtin-capability.js';
import { assertInputBounds } from './input/input-bounds.js';
import { compileInputValidator } from './input/input-validator.js';

export interface CapabilitySpec<I> {
  readonly id: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  /** Runs on an input that already passed the size limits and `inputSchema`. */
  compute(input: I, ports: CapabilityPorts): Record<string, unknown> | Promise<Record<string, unknown>>;
}

/**
 * Builds a capability whose `run` always checks before it computes: size limits first (cheap,
 * refuses 5 MB strings and 10,000-level nesting at once), then the input schema. A stack
 * overflow inside a library (deep HTML, deep templates) becomes `invalid_request`, never a crash.
 */
export function defineCapability<I>(spec: CapabilitySpec<I>): BuiltinCapability {
  const check = compileInputValidator(spec.id, spec.inputSchema);
  return {
    id: spec.id,
    description: spec.description,
    inputSchema: spec.inputSchema,
    outputSchema: spec.outputSchema,
    async run(input: unknown, ports: CapabilityPorts = {}): Promise<Record<string, unknown>> {
      assertInputBounds(input);
      await check(input);
      try {
        // Checked against `inputSchema` just above.
        return await spec.compute(input as I, ports);
      } catch (error) {
        if (isServiceError(error)) throw error;
        if (error instanceof RangeError) {
          throw new InvalidRequestError(`Capability '${spec.id}' cannot process this input: it is too deeply nested or too large`, { cause: error });
        }
        throw error;
      }
    },
  };
}
