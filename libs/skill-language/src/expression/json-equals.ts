/**
 * Structural equality for JSON values: numbers by value (1 == 1.0), no coercion ("1" != 1),
 * arrays element-wise, objects by their own enumerable keys. `undefined` counts as null, as it
 * would after a JSON round trip. Cyclic values terminate (a pair already being compared is
 * assumed equal). Iterative: the values come from requests and providers, so their depth must
 * never reach the call stack.
 */
export function jsonEquals(left: unknown, right: unknown): boolean {
  const inProgress = new Map<object, Set<object>>();
  const pending: Array<readonly [unknown, unknown]> = [[left, right]];
  while (pending.length > 0) {
    const [a, b] = pending.pop() as readonly [unknown, unknown];
    if (a === b) continue;
    if (a === null || a === undefined || b === null || b === undefined) {
      if ((a === null || a === undefined) && (b === null || b === undefined)) continue;
      return false;
    }
    if (typeof a !== 'object' || typeof b !== 'object') return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;

    let partners = inProgress.get(a);
    if (partners?.has(b) === true) continue;
    if (partners === undefined) {
      partners = new Set();
      inProgress.set(a, partners);
    }
    partners.add(b);

    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return false;
      for (let index = a.length - 1; index >= 0; index--) pending.push([a[index], b[index]]);
      continue;
    }
    const leftRecord = a as Record<string, unknown>;
    const rightRecord = b as Record<string, unknown>;
    const keys = Object.keys(leftRecord);
    if (keys.length !== Object.keys(rightRecord).length) return false;
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      if (!Object.hasOwn(rightRecord, key)) return false;
      pending.push([leftRecord[key], rightRecord[key]]);
    }
  }
  return true;
}
