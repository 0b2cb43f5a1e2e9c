/**
 * A plain object: `{}`-style or `Object.create(null)`, not an array, class instance or Date. Its
 * prototype may be the `Object.prototype` of another realm (structuredClone, vm contexts, workers).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Whether a value matches a declared field type. `integer` is `Number.isInteger` (so 1.0 passes),
 * booleans are never numbers (JSON true is not 1), and unknown type names accept anything.
 */
export function matchesFieldType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return true;
  }
}

/** How a value reads in a message: `array`, `null`, `non-finite number`, `object`, or its `typeof`. */
export function describeValueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'non-finite number';
  return typeof value;
}
