import { InvalidRequestError, type FieldProblem } from '@skill-service/contracts';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonSchema } from '../builtin-capability.js';
import { onFirstUse } from '../lazy-module.js';

// One instance for the capabilities' own input schemas (fixed, trusted, compiled once each),
// created with the first built-in call: an idle server loads no ajv.
// ajv is CommonJS: a bundle chunk gives it no named exports, only `default` (its module.exports, which carries `Ajv`).
const loadAjv = onFirstUse(async () => new (await import('ajv')).default.Ajv({ allErrors: true, strict: true, logger: false }));

/** `/labels/2/name` → `inputs.labels[2].name`: the spelling the engine uses in error details. */
function fieldPath(instancePath: string, missing?: string): string {
  let path = 'inputs';
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/');
  if (missing !== undefined) segments.push(missing);
  for (const raw of segments) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`;
  }
  return path;
}

function problemOf(error: ErrorObject): FieldProblem {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path: fieldPath(error.instancePath, String(params['missingProperty'])), message: 'is required' };
    case 'additionalProperties':
      return { path: fieldPath(error.instancePath, String(params['additionalProperty'])), message: 'is not a known field' };
    case 'enum':
      return { path: fieldPath(error.instancePath), message: `must be one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { path: fieldPath(error.instancePath), message: error.message ?? `fails "${error.keyword}"` };
  }
}

/**
 * Compiles a capability's input schema into a check that throws `invalid_request` listing every
 * bad field (`inputs.text must be string`). `oneOf`/`anyOf` branches report only their summary.
 */
export function compileInputValidator(id: string, schema: JsonSchema): (input: unknown) => Promise<void> {
  // Compiled on first use: compiling all 32 schemas up front cost every start ~40 ms.
  let compiled: ValidateFunction | undefined;
  return async (input: unknown): Promise<void> => {
    const validate = (compiled ??= (await loadAjv()).compile(schema));
    if (validate(input)) return;
    const problems: FieldProblem[] = [];
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      // The branch errors of a union say the same thing several ways; its own error suffices.
      if (error.schemaPath.includes('/anyOf/') || error.schemaPath.includes('/oneOf/')) continue;
      const problem = problemOf(error);
      const key = `${problem.path} ${problem.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
    const summary = problems.map((problem) => `${problem.path} ${problem.message}`).join('; ');
    throw new InvalidRequestError(`Invalid input for capability '${id}': ${summary}`, { details: problems });
  };
}
