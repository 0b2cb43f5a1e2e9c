import { UpstreamFailureError, type CapabilityDefinition } from '@skill-service/contracts';
import { isPlainObject } from './field-type.js';

/** Deeper nesting than this is refused before it can exhaust the stack of any later walk. */
const MAX_DEPTH = 100;
/**
 * More values (objects, arrays, scalars) than this are refused whatever their byte size: every
 * later walk (mapping, audit, streaming, the next step's input checks) costs per value.
 */
export const MAX_OUTPUT_VALUES = 500_000;
// JSON punctuation and short scalars are counted with flat estimates: the budget bounds memory,
// it does not need to match JSON.stringify byte for byte.
const SCALAR_BYTES = 8;
const KEY_OVERHEAD = 4;

class OutputProblem {
  constructor(readonly message: string) {}
}

interface Walk {
  remaining: number;
  values: number;
  readonly limit: number;
  readonly ancestors: Set<object>;
  readonly path: string[];
}

const where = (walk: Walk): string => (walk.path.length === 0 ? 'the top level' : `'${walk.path.join('.')}'`);

function spend(walk: Walk, bytes: number): void {
  walk.remaining -= bytes;
  if (walk.remaining < 0) throw new OutputProblem(`an output larger than ${walk.limit} bytes`);
}

function visit(value: unknown, walk: Walk): void {
  walk.values += 1;
  if (walk.values > MAX_OUTPUT_VALUES) throw new OutputProblem(`an output of more than ${MAX_OUTPUT_VALUES} values`);
  switch (typeof value) {
    case 'string':
      // Checked by length before anything else: a 50 MB string fails here, never serialised.
      spend(walk, value.length + 2);
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new OutputProblem(`a non-finite number at ${where(walk)}`);
      spend(walk, SCALAR_BYTES);
      return;
    case 'boolean':
      spend(walk, SCALAR_BYTES);
      return;
    case 'object':
      if (value === null) {
        spend(walk, SCALAR_BYTES);
        return;
      }
      visitContainer(value, walk);
      return;
    default:
      throw new OutputProblem(`a non-JSON value (${typeof value}) at ${where(walk)}`);
  }
}

function visitContainer(value: object, walk: Walk): void {
  if (walk.ancestors.has(value)) throw new OutputProblem(`a cyclic structure at ${where(walk)}`);
  if (walk.ancestors.size >= MAX_DEPTH) throw new OutputProblem(`an output nested deeper than ${MAX_DEPTH} levels`);
  walk.ancestors.add(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      walk.path.push(String(index));
      const item: unknown = value[index];
      if (item === undefined) throw new OutputProblem(`a non-JSON value (undefined) at ${where(walk)}`);
      visit(item, walk);
      walk.path.pop();
    }
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      spend(walk, key.length + KEY_OVERHEAD);
      const item = value[key];
      // An undefined property is what JSON.stringify drops: it reads as an absent field.
      if (item === undefined) continue;
      walk.path.push(key);
      visit(item, walk);
      walk.path.pop();
    }
  } else {
    throw new OutputProblem(`a class instance (${constructorName(value)}) at ${where(walk)}`);
  }
  walk.ancestors.delete(value);
}

const requiredByCapability = new WeakMap<CapabilityDefinition, readonly string[]>();

function requiredOutputsOf(capability: CapabilityDefinition): readonly string[] {
  let names = requiredByCapability.get(capability);
  if (names === undefined) {
    names = Object.entries(capability.outputs)
      .filter(([, spec]) => spec.required)
      .map(([name]) => name);
    requiredByCapability.set(capability, names);
  }
  return names;
}

function constructorName(value: object): string {
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? name : 'unknown';
}

function describeNonObject(output: unknown): string {
  if (output === undefined) return 'nothing (undefined)';
  if (output === null) return 'null, not an object';
  if (Array.isArray(output)) return 'a list, not an object';
  if (typeof output === 'object') return `a class instance (${constructorName(output)}), not a plain object`;
  return `a ${typeof output}, not an object`;
}

/**
 * Checks what a provider returned before anything else sees it: a plain JSON object (no cycles,
 * class instances, non-finite numbers or non-JSON values), within `maxBytes`, with every
 * `required: true` declared output present. A violation is the provider's fault: `upstream_failure`.
 */
export function checkCapabilityOutput(capability: CapabilityDefinition, output: unknown, maxBytes: number): Record<string, unknown> {
  try {
    if (!isPlainObject(output)) throw new OutputProblem(describeNonObject(output));
    visitContainer(output, { remaining: maxBytes, values: 1, limit: maxBytes, ancestors: new Set(), path: [] });
  } catch (error) {
    if (!(error instanceof OutputProblem)) {
      // A throwing getter or proxy trap in the provider's value.
      throw new UpstreamFailureError(`Capability '${capability.id}': provider returned an unreadable value`, { cause: error });
    }
    throw new UpstreamFailureError(`Capability '${capability.id}': provider returned ${error.message}`);
  }
  const missing = requiredOutputsOf(capability).filter((name) => !Object.hasOwn(output, name) || output[name] === undefined);
  if (missing.length > 0) {
    throw new UpstreamFailureError(
      `Capability '${capability.id}': provider returned no value for required output${missing.length > 1 ? 's' : ''} ${missing.map((name) => `'${name}'`).join(', ')}`,
    );
  }
  return output;
}
