import { isReference } from './is-reference.js';
import type { ReferenceNamespace } from './namespaces.js';
import { NOT_FOUND, type PathLookup } from './path-lookup.js';
import type { ReferenceScope } from './reference-scope.js';
import { resolvePath } from './resolve-path.js';

/**
 * Reads a reference such as `vars.result.items.0` from the scope. A string that is not a reference
 * is reported as not found; what a missing value means is the caller's decision.
 */
export function readReference(scope: ReferenceScope, ref: string): PathLookup {
  if (!isReference(ref)) return NOT_FOUND;
  const [namespace, ...path] = ref.split('.');
  return readNamespacePath(scope, namespace as ReferenceNamespace, path);
}

/** Reads an already split path inside one namespace (used by the expression evaluator). */
export function readNamespacePath(
  scope: ReferenceScope,
  namespace: ReferenceNamespace,
  path: readonly string[],
): PathLookup {
  return resolvePath(scope[namespace], path);
}
