import { isReferenceNamespace } from './namespaces.js';

/**
 * A string is a reference when it contains a `.` and its first segment is a namespace, so prose such
 * as `"Summarise it. Be brief."` stays a literal.
 */
export function isReference(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const dot = value.indexOf('.');
  return dot > 0 && isReferenceNamespace(value.slice(0, dot));
}
