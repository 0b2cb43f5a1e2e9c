/**
 * Structural equality for JSON values: numbers by value (1 == 1.0), no coercion ("1" != 1),
 * arrays element-wise, objects by their own enumerable keys. `undefined` counts as null, as it
 * would after a JSON round trip. Cyclic values terminate (a pair already being compared is
 * assumed equal).
 */
export function jsonEquals(left: unknown, right: unknown): boolean {
  return equals(left, right, new Map());
}

function equals(left: unknown, right: unknown, inProgress: Map<object, Set<object>>): boolean {
  if (left === right) return true;
  if (left === null || left === undefined || right === null || right === undefined) {
    return (left === null || left === undefined) && (right === null || right === undefined);
  }
  if (typeof left !== 'object' || typeof right !== 'object') return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;

  let partners = inProgress.get(left);
  if (partners?.has(right) === true) return true;
  if (partners === undefined) {
    partners = new Set();
    inProgress.set(left, partners);
  }
  partners.add(right);

  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => equals(item, right[index], inProgress));
  }
  const leftRecord = left as Record<string, unknown>;
  const rightRecord = right as Record<string, unknown>;
  const keys = Object.keys(leftRecord);
  return (
    keys.length === Object.keys(rightRecord).length &&
    keys.every((key) => Object.hasOwn(rightRecord, key) && equals(leftRecord[key], rightRecord[key], inProgress))
  );
}
