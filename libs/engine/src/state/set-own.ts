/**
 * Sets an own data property. Plain assignment of the key `__proto__` would replace the object's
 * prototype instead, so that one key (which JSON can carry) is defined explicitly.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Reads an own data property only: never the prototype chain, never a getter. */
export function getOwn(target: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}
