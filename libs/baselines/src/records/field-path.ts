/** A field path as callers write it: `name`, `address.city`, `items.0.sku`. */
function pathSegments(path: string): string[] {
  return path.split('.');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads own properties and list indices only: `constructor` or `__proto__` never reach a prototype. */
export function readPath(value: unknown, path: string): { found: boolean; value: unknown } {
  // An exact key wins first, so a field literally named "a.b" stays reachable.
  if (isRecord(value) && Object.hasOwn(value, path)) return { found: true, value: value[path] };
  let node = value;
  for (const segment of pathSegments(path)) {
    if (Array.isArray(node) && /^\d+$/.test(segment) && Number(segment) < node.length) node = node[Number(segment)];
    else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return { found: false, value: undefined };
  }
  return { found: true, value: node };
}

/**
 * Sets an own, enumerable property of a plain object this code created; a `__proto__` key stays a
 * plain key. Only that key needs `defineProperty` (assigning it would set the prototype), and
 * `defineProperty` costs about 30 times an assignment.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Writes a path into a plain-object tree, creating (or copying) objects along the way. */
export function writePath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = pathSegments(path);
  let node = target;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      setOwn(node, segment, value);
      return;
    }
    const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
    const child: Record<string, unknown> = isRecord(existing) ? { ...existing } : {};
    setOwn(node, segment, child);
    node = child;
  });
}

/** Removes a path's last key, copying the objects above it; false when it was not there. */
export function deletePath(target: Record<string, unknown>, path: string): boolean {
  if (Object.hasOwn(target, path)) return delete target[path];
  const segments = pathSegments(path);
  const last = segments.pop() as string;
  let node = target;
  for (const segment of segments) {
    const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (!isRecord(existing)) return false;
    const copy = { ...existing };
    setOwn(node, segment, copy);
    node = copy;
  }
  return Object.hasOwn(node, last) && delete node[last];
}

