type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A deep copy of a JSON value: its plain objects and arrays are copied, everything else (scalars,
 * and class instances, which JSON cannot hold and later checks refuse) is shared. An object met
 * twice is copied once, so shared parts stay shared and a cycle is copied as a cycle. A `__proto__`
 * key stays an own key, as JSON.parse makes it. Iterative, so stack-safe whatever the depth.
 *
 * It does what `structuredClone` does for JSON at a fraction of the cost: about 0.2 µs for a small
 * record against 1.7 µs, and nothing for a string (structuredClone still serialises it).
 */
export function copyJson<T>(value: T): T {
  if (!isContainer(value)) return value;
  const copies = new Map<Container, Container>();
  const pending: [Container, Container][] = [];
  const copyOf = (item: unknown): unknown => {
    if (!isContainer(item)) return item;
    let copy = copies.get(item);
    if (copy === undefined) {
      copy = Array.isArray(item) ? [] : {};
      copies.set(item, copy);
      pending.push([item, copy]);
    }
    return copy;
  };
  const root = copyOf(value) as T;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target] = next;
    if (Array.isArray(source)) {
      const list = target as unknown[];
      for (let index = 0; index < source.length; index++) list.push(copyOf(source[index]));
      continue;
    }
    const record = target as Record<string, unknown>;
    for (const key of Object.keys(source)) {
      const item = copyOf(source[key]);
      if (key === '__proto__') Object.defineProperty(record, key, { value: item, enumerable: true, writable: true, configurable: true });
      else record[key] = item;
    }
  }
  return root;
}
