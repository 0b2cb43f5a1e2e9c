/**
 * The namespaces a reference may start with. `frame`, `working`, `output` and `extensions` are kept
 * for compatibility with older skill files.
 */
export const REFERENCE_NAMESPACES = ['inputs', 'vars', 'outputs', 'frame', 'working', 'output', 'extensions'] as const;

export type ReferenceNamespace = (typeof REFERENCE_NAMESPACES)[number];

const NAMESPACE_SET: ReadonlySet<string> = new Set(REFERENCE_NAMESPACES);

/** Case-sensitive: `Vars` is not a namespace. */
export function isReferenceNamespace(value: string): value is ReferenceNamespace {
  return NAMESPACE_SET.has(value);
}
