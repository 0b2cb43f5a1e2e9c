// Shared by the specs (nothing in the library imports it): runs a capability and checks its output
// against the capability's own output schema, as an MCP client that lists the tools would.
import { Ajv } from 'ajv';
import type { BuiltinCapability, CapabilityPorts } from '../builtin-capability.js';

const ajv = new Ajv({ allErrors: true, strict: false });

export async function runChecked(capability: BuiltinCapability, input: unknown, ports?: CapabilityPorts): Promise<Record<string, unknown>> {
  const output = await capability.run(input, ports);
  const validate = ajv.compile(capability.outputSchema);
  if (!validate(output)) {
    throw new Error(`${capability.id} returned output that breaks its schema: ${ajv.errorsText(validate.errors)}`);
  }
  return output;
}
