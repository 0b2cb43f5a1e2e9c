import { InvalidRequestError, type CapabilityDefinition, type FieldProblem } from '@skill-service/contracts';
import { describeValueType, matchesFieldType } from './field-type.js';

interface FieldCheck {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
}

// Declared inputs are flattened once per capability object: this runs before every invocation.
const checksByCapability = new WeakMap<CapabilityDefinition, readonly FieldCheck[]>();

function checksOf(capability: CapabilityDefinition): readonly FieldCheck[] {
  let checks = checksByCapability.get(capability);
  if (checks === undefined) {
    checks = Object.entries(capability.inputs).map(([name, spec]) => ({ name, type: spec.type, required: spec.required }));
    checksByCapability.set(capability, checks);
  }
  return checks;
}

/**
 * The contract check before every invocation (each foreach item, retry and scatter branch):
 * required fields present and not null, declared types matched. A null optional field is dropped
 * (absent, so the provider's default applies); undeclared keys pass through. Returns the input to
 * send — the same object when nothing was dropped.
 */
export function checkCapabilityInput(capability: CapabilityDefinition, input: Record<string, unknown>): Record<string, unknown> {
  let problems: FieldProblem[] | undefined;
  let result = input;
  for (const check of checksOf(capability)) {
    const value = Object.hasOwn(input, check.name) ? input[check.name] : undefined;
    if (value === undefined || value === null) {
      if (check.required) (problems ??= []).push({ path: `inputs.${check.name}`, message: 'is required' });
      else if (value === null) {
        if (result === input) result = { ...input };
        delete result[check.name];
      }
    } else if (!matchesFieldType(value, check.type)) {
      (problems ??= []).push({ path: `inputs.${check.name}`, message: `must be ${check.type}, got ${describeValueType(value)}` });
    }
  }
  if (problems !== undefined) {
    const summary = problems.map((problem) => `${problem.path} ${problem.message}`).join('; ');
    throw new InvalidRequestError(`Invalid input for capability '${capability.id}': ${summary}`, { details: problems });
  }
  return result;
}
