/** Namespaces a step may write (docs/skill-language.md): `inputs` and `frame` are read-only. */
export const WRITABLE_NAMESPACES: ReadonlySet<string> = new Set(['vars', 'outputs', 'working', 'output', 'extensions']);

/** `vars.a.b` → `['vars', 'a', 'b']`; matching is segment-wise, so `vars.ab` never matches `vars.a`. */
export function referenceSegments(reference: string): string[] {
  return reference.split('.');
}

/** A write target is `<writable namespace>.<path>` with no empty segment. */
export function isValidTarget(target: unknown): target is string {
  if (typeof target !== 'string') return false;
  const segments = referenceSegments(target);
  const [namespace] = segments;
  return (
    segments.length >= 2 &&
    namespace !== undefined &&
    WRITABLE_NAMESPACES.has(namespace) &&
    segments.every((segment) => segment.length > 0)
  );
}
