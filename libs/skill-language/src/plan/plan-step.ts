/**
 * The part of a skill step that plan analysis looks at. Structural on purpose: this library is the
 * bottom layer and cannot import the contract's `SkillStep`, which satisfies this shape.
 */
export interface PlanStep {
  readonly id: string;
  /** Argument name → value; strings that are references are reads, `{literal: ...}` is not. */
  readonly input?: Readonly<Record<string, unknown>>;
  /** Produced field → target reference (`vars.x`, `outputs.y`, ...). */
  readonly output?: Readonly<Record<string, unknown>>;
  readonly depends_on?: readonly string[];
  readonly condition?: string;
  readonly foreach?: { readonly items: string; readonly as?: string; readonly index_as?: string };
  readonly while?: { readonly condition: string };
  readonly router?: { readonly on: string };
}

/** A location inside one step, e.g. `['input', 'text']` or `['depends_on', 0]`. */
export type StepFieldPath = readonly (string | number)[];
