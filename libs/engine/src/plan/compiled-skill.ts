import type { SkillDefinition, SkillStep } from '@skill-service/contracts';
import type { ExpressionAst, ReferenceScope } from '@skill-service/skill-language';
import type { WriteTarget } from '../state/write-target.js';

/** What input resolution needs from the run: the data, and which steps have written theirs. */
export interface ResolveContext {
  readonly scope: ReferenceScope;
  readonly hasWritten: (stepIndex: number) => boolean;
}

/** One entry of a step's `output` mapping: where to read in the produced object, where to write. */
export interface CompiledWrite {
  readonly produced: string;
  readonly producedPath: readonly string[];
  readonly target: WriteTarget;
}

export interface CompiledForeach {
  readonly items: ExpressionAst;
  readonly as: string;
  readonly indexAs: string | undefined;
}

export interface CompiledWhile {
  readonly condition: ExpressionAst;
  readonly maxIterations: number;
}

export interface CompiledRouter {
  readonly on: ExpressionAst;
  readonly cases: Readonly<Record<string, string>>;
  readonly default: string | undefined;
}

/** A step with everything the hot path needs precomputed: edges as indices, expressions parsed. */
export interface CompiledStep {
  readonly index: number;
  readonly id: string;
  readonly definition: SkillStep;
  /** The child skill id of a `uses: skill:<id>` step. */
  readonly childSkillId: string | undefined;
  readonly dependencies: readonly number[];
  readonly dependants: readonly number[];
  readonly condition: ExpressionAst | undefined;
  readonly foreach: CompiledForeach | undefined;
  readonly whileLoop: CompiledWhile | undefined;
  readonly router: CompiledRouter | undefined;
  readonly resolveInput: (context: ResolveContext) => Record<string, unknown>;
  readonly writes: readonly CompiledWrite[];
  /** The distinct targets of `writes`, in mapping order. */
  readonly targets: readonly WriteTarget[];
}

export interface CompiledSkill {
  readonly definition: SkillDefinition;
  readonly steps: readonly CompiledStep[];
}
