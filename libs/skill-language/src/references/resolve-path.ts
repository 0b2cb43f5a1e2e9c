import { NOT_FOUND, type PathLookup } from './path-lookup.js';

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/**
 * Walks `segments` through nested objects and arrays (a canonical numeric segment indexes an array).
 * At every object level the remaining segments joined by "." are tried as one flat key first:
 * older runtimes stored `vars.a.b` under the key "a.b", and such values must stay readable.
 * Only own data properties are read, so `__proto__`, `constructor` or `length` never resolve to
 * inherited or built-in members, and no getter is ever run.
 */
export function resolvePath(root: unknown, segments: readonly string[]): PathLookup {
  let node = root;
  for (let index = 0; index < segments.length; index++) {
    if (typeof node !== 'object' || node === null) return NOT_FOUND;
    const segment = segments[index] ?? '';
    let step: PathLookup;
    if (Array.isArray(node)) {
      step = ARRAY_INDEX.test(segment) ? ownDataValue(node, segment) : NOT_FOUND;
    } else {
      if (segments.length - index > 1) {
        const flat = ownDataValue(node, segments.slice(index).join('.'));
        if (flat.found) return flat;
      }
      step = ownDataValue(node, segment);
    }
    if (!step.found) return NOT_FOUND;
    node = step.value;
  }
  return { found: true, value: node };
}

function ownDataValue(node: object, key: string): PathLookup {
  const descriptor = Object.getOwnPropertyDescriptor(node, key);
  return descriptor !== undefined && 'value' in descriptor ? { found: true, value: descriptor.value } : NOT_FOUND;
}
