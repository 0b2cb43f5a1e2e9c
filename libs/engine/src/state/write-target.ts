/** The namespaces a step may write (docs/skill-language.md); `inputs` and `frame` are read-only. */
export type WritableNamespace = 'vars' | 'outputs' | 'working' | 'output' | 'extensions';

/** An output target such as `vars.a.b`, split once when the plan is compiled. */
export interface WriteTarget {
  readonly text: string;
  readonly namespace: WritableNamespace;
  /** At least one segment: `vars.a.b` → `['a', 'b']`. */
  readonly path: readonly string[];
}
