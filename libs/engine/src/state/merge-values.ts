import { InvalidConfigurationError } from '@skill-service/contracts';
import { isPlainObject } from '../validation/field-type.js';
import { getOwn, setOwn } from './set-own.js';

// Keys that could reach Object.prototype through a merge of untrusted JSON are never merged.
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** `merge_strategy: append`: both sides must be lists; an unwritten target counts as `[]`. */
export function appendValues(target: string, existing: unknown, value: unknown): unknown[] {
  const base = existing === undefined ? [] : existing;
  if (!Array.isArray(base) || !Array.isArray(value)) {
    throw new InvalidConfigurationError(`merge_strategy append needs lists: cannot append to '${target}'`);
  }
  return [...base, ...(value as unknown[])];
}

function mergeObjects(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const key of Object.keys(patch)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = getOwn(result, key);
    const next = patch[key];
    setOwn(result, key, isPlainObject(current) && isPlainObject(next) ? mergeObjects(current, next) : next);
  }
  return result;
}

/**
 * `merge_strategy: deep_merge`: both sides must be objects (an unwritten target counts as `{}`);
 * nested objects merge, other values from the new side win. Neither input is mutated.
 */
export function deepMergeValues(target: string, existing: unknown, value: unknown): Record<string, unknown> {
  const base = existing === undefined ? {} : existing;
  if (!isPlainObject(base) || !isPlainObject(value)) {
    throw new InvalidConfigurationError(`merge_strategy deep_merge needs objects: cannot merge into '${target}'`);
  }
  return mergeObjects(base, value);
}
