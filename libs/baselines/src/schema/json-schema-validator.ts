import { InvalidRequestError } from '@skill-service/contracts';
import { Ajv, type ErrorObject, type Options } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { assertInputBounds } from '../input/input-bounds.js';
import { LIMITS } from '../limits.js';
import { LinearRegExp, PatternBudgetError, withStepBudget } from '../regex/linear-regexp.js';
import { schemaDraft, type SchemaDraft } from './schema-draft.js';
import { uniqueItemsKeyword } from './unique-items-keyword.js';

/** Schemas compile to code: their size bounds compile time and validation time per value. */
const MAX_SCHEMA_NODES = 2_000;
/**
 * Validation time grows with schema size × data size (a value meets every subschema that may
 * apply to it; failing `anyOf` branches each build an error): their product is capped, which
 * keeps the worst case (failing `anyOf` branches everywhere) near a second.
 * Large datasets are validated record by record instead.
 */
const MAX_WORK = 2_000_000;
/** NFA steps for all `pattern` tests of one validation. */
const MAX_PATTERN_STEPS = 50_000_000;
const MAX_LISTED_ERRORS = 100;
const MAX_LISTED_VALUES = 10;

type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

const linearRegExp: RegExpEngine = Object.assign((pattern: string) => new LinearRegExp(pattern), { code: 'linearRegExp' });

const CLASSES = { 'draft-07': Ajv, '2019-09': Ajv2019, '2020-12': Ajv2020 } as const;

function createAjv(draft: SchemaDraft): Ajv {
  const options: Options = { allErrors: true, strict: false, logger: false, code: { regExp: linearRegExp } };
  const ajv = new CLASSES[draft](options);
  // Format checks by ajv-formats' "fast" regular expressions (simple, bounded ones).
  addFormats.default(ajv, { mode: 'fast' });
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(uniqueItemsKeyword());
  return ajv;
}

const shared = new Map<SchemaDraft, Ajv>();

/** Objects, arrays and scalars in a JSON value (iterative). */
function countNodes(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    count += 1;
    // One push per child: spreading an object of 150,000 keys into push() overflows the call stack.
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push(child);
  }
  return count;
}

/** Whether any subschema declares `$id` (ajv would register it and resolve later `$ref`s to it). */
function declaresId(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node) && typeof (node as Record<string, unknown>)['$id'] === 'string') return true;
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

function schemaProblem(message: string, cause?: unknown): InvalidRequestError {
  return new InvalidRequestError(`Invalid input: inputs.schema ${message}`, { details: [{ path: 'inputs.schema', message }], cause });
}

/** `/items/0 must be string`, led by the JSON Pointer of the value (`/` for the document itself). */
function errorLine(error: ErrorObject): string {
  const where = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${where} must NOT have additional property '${String(params['additionalProperty'])}'`;
    case 'enum': {
      const values = Array.isArray(params['allowedValues']) ? (params['allowedValues'] as unknown[]) : [];
      const shown = values.slice(0, MAX_LISTED_VALUES).map((value) => JSON.stringify(value)).join(', ');
      return `${where} must be equal to one of the allowed values: ${shown}${values.length > MAX_LISTED_VALUES ? ', …' : ''}`;
    }
    default:
      return `${where} ${error.message ?? `must pass "${error.keyword}"`}`;
  }
}

export interface SchemaVerdict {
  readonly valid: boolean;
  readonly errors: string[];
}

/**
 * Validates JSON data against a caller's JSON Schema (draft-07, 2019-09 or 2020-12 by `$schema`)
 * with ajv and ajv-formats. Callers' schemas are untrusted, so: `pattern`s run on a linear-time
 * engine, `uniqueItems` is linear, schema size is bounded, `$async` is refused, and a schema with
 * `$id`s gets a throw-away ajv instance so nothing of it outlives the call.
 */
export function validateAgainstSchema(data: unknown, schema: Record<string, unknown>): SchemaVerdict {
  assertInputBounds(schema, { maxChars: LIMITS.inputChars, maxDepth: LIMITS.inputDepth, maxNodes: MAX_SCHEMA_NODES }, 'inputs.schema');
  const draft = schemaDraft(schema);
  if (typeof draft !== 'string') throw schemaProblem(draft.unsupported);
  if (schema['$async'] === true) throw schemaProblem('uses $async, which is not supported');
  if (countNodes(schema) * countNodes(data) > MAX_WORK) {
    const message = `and inputs.schema are too large together (schema values × data values must stay under ${MAX_WORK}); validate the records one by one`;
    throw new InvalidRequestError(`Invalid input: inputs.data ${message}`, { details: [{ path: 'inputs.data', message }] });
  }
  const fresh = declaresId(schema);
  let ajv = fresh ? undefined : shared.get(draft);
  if (ajv === undefined) {
    ajv = createAjv(draft);
    if (!fresh) shared.set(draft, ajv);
  }
  try {
    let validate;
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw schemaProblem(`is not a valid schema: ${message.split('\n')[0] ?? message}`, error);
    }
    let valid: boolean;
    try {
      valid = withStepBudget(MAX_PATTERN_STEPS, () => validate(data) as boolean);
    } catch (error) {
      if (error instanceof PatternBudgetError) {
        throw new InvalidRequestError(`Invalid input: inputs.data ${error.message}`, { details: [{ path: 'inputs.data', message: error.message }] });
      }
      throw error;
    }
    const errors = validate.errors ?? [];
    const lines = errors.slice(0, MAX_LISTED_ERRORS).map(errorLine);
    if (errors.length > lines.length) lines.push(`(${errors.length - lines.length} more errors not shown)`);
    return { valid, errors: valid ? [] : lines };
  } finally {
    // Ajv caches compiled schemas by object identity: drop this call's, or the cache would grow.
    if (!fresh) ajv.removeSchema(schema);
  }
}
