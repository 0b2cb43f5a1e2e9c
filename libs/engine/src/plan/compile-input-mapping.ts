import { InvalidRequestError } from '@skill-service/contracts';
import { isReference, resolvePath, type ReferenceNamespace } from '@skill-service/skill-language';
import { isPlainObject } from '../validation/field-type.js';
import { setOwn } from '../state/set-own.js';
import type { ResolveContext } from './compiled-skill.js';

type Resolver = (context: ResolveContext) => unknown;
type Compiled = { readonly constant: true; readonly value: unknown } | { readonly constant: false; readonly resolve: Resolver };

/**
 * Namespaces where a missing value is simply null (older skills read them freely). In the others a miss
 * is null only while a step that writes the path has not written it (it was skipped or degraded,
 * or it is the reading while-loop itself); a miss after every writer wrote is a mapping error.
 */
const LENIENT_NAMESPACES: ReadonlySet<string> = new Set(['inputs', 'frame', 'output', 'extensions']);

/** `{literal: X}` (that one key) escapes a value that would otherwise read as a reference. */
function isLiteralEscape(value: unknown): value is { literal: unknown } {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'literal';
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

// Literal parts are copied and frozen once, so every invocation shares them and none can change them.
const frozenCopy = (value: unknown): Compiled => ({ constant: true, value: deepFreeze(structuredClone(value)) });

function compileReference(text: string, writersOf: (reference: string) => readonly number[]): Compiled {
  const [namespace, ...path] = text.split('.') as [ReferenceNamespace, ...string[]];
  const lenient = LENIENT_NAMESPACES.has(namespace);
  const writers = lenient ? [] : writersOf(text);
  return {
    constant: false,
    resolve: (context) => {
      const { found, value } = resolvePath(context.scope[namespace], path);
      if (found && value !== undefined) return value;
      if (lenient || writers.some((writer) => !context.hasWritten(writer))) return null;
      throw new InvalidRequestError(`Reference '${text}' does not resolve to a value`);
    },
  };
}

function compileValue(value: unknown, writersOf: (reference: string) => readonly number[]): Compiled {
  if (isReference(value)) return compileReference(value, writersOf);
  if (isLiteralEscape(value)) return frozenCopy(value.literal);
  if (Array.isArray(value)) {
    const items = value.map((item) => compileValue(item, writersOf));
    if (items.every((item) => item.constant)) return { constant: true, value: Object.freeze(items.map((item) => item.value)) };
    return { constant: false, resolve: (context) => items.map((item) => (item.constant ? item.value : item.resolve(context))) };
  }
  if (isPlainObject(value)) return compileObject(value, writersOf);
  return { constant: true, value };
}

/** Constant when nothing inside is a reference; otherwise a resolver building a fresh object per call. */
function compileObject(mapping: Record<string, unknown>, writersOf: (reference: string) => readonly number[]): Compiled {
  const entries = Object.entries(mapping).map(([key, value]) => [key, compileValue(value, writersOf)] as const);
  if (entries.every(([, compiled]) => compiled.constant)) {
    const value: Record<string, unknown> = {};
    for (const [key, compiled] of entries) setOwn(value, key, compiled.constant ? compiled.value : undefined);
    return { constant: true, value: Object.freeze(value) };
  }
  return {
    constant: false,
    resolve: (context) => {
      const result: Record<string, unknown> = {};
      for (const [key, compiled] of entries) setOwn(result, key, compiled.constant ? compiled.value : compiled.resolve(context));
      return result;
    },
  };
}

/**
 * Compiles a step's `input` mapping (docs/skill-language.md) into one function: references
 * are read (nested paths, flat keys first), `{literal: X}` yields X unresolved, anything else is a
 * literal. The top-level object is fresh on every call; literal parts inside it are shared, frozen.
 */
export function compileInputMapping(
  mapping: Record<string, unknown>,
  writersOf: (reference: string) => readonly number[],
): (context: ResolveContext) => Record<string, unknown> {
  const compiled = compileObject(mapping, writersOf);
  if (!compiled.constant) return compiled.resolve as (context: ResolveContext) => Record<string, unknown>;
  const literal = compiled.value as Record<string, unknown>;
  return () => ({ ...literal });
}
