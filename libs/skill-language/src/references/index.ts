export { REFERENCE_NAMESPACES, isReferenceNamespace, type ReferenceNamespace } from './namespaces.js';
export { isReference } from './is-reference.js';
export type { PathLookup } from './path-lookup.js';
export { resolvePath } from './resolve-path.js';
export type { ReferenceScope } from './reference-scope.js';
export { readReference, readNamespacePath } from './read-reference.js';
