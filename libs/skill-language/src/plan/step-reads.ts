import { ExpressionError, isReference, referencesInExpression } from './expression-reads.js';
import type { PlanStep, StepFieldPath } from './plan-step.js';

/** One value a step reads, and where in the step the read is written. */
export interface PlanRead {
  readonly reference: string;
  readonly field: StepFieldPath;
}

export interface StepReadsResult {
  readonly reads: PlanRead[];
  /** Expressions that did not parse, with the parser's message. */
  readonly invalidExpressions: { readonly field: StepFieldPath; readonly source: string; readonly message: string }[];
}

/** `{literal: "vars.x"}` is the escape for a string that would otherwise read as a reference. */
function isLiteralEscape(value: object): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'literal';
}

function collectMappingReads(value: unknown, field: (string | number)[], reads: PlanRead[]): void {
  if (isReference(value)) {
    reads.push({ reference: value, field: [...field] });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collectMappingReads(item, [...field, index], reads));
  } else if (typeof value === 'object' && value !== null && !isLiteralEscape(value)) {
    for (const [key, item] of Object.entries(value)) collectMappingReads(item, [...field, key], reads);
  }
}

/** Everything a step reads: its input mapping and the expressions of its control flow. */
export function collectStepReads(step: PlanStep): StepReadsResult {
  const reads: PlanRead[] = [];
  const invalidExpressions: StepReadsResult['invalidExpressions'][number][] = [];
  if (step.input !== undefined) collectMappingReads(step.input, ['input'], reads);

  const expressions: [StepFieldPath, string | undefined][] = [
    [['condition'], step.condition],
    [['foreach', 'items'], step.foreach?.items],
    [['while', 'condition'], step.while?.condition],
    [['router', 'on'], step.router?.on],
  ];
  for (const [field, source] of expressions) {
    if (source === undefined) continue;
    try {
      for (const reference of referencesInExpression(source)) reads.push({ reference, field });
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      invalidExpressions.push({ field, source, message: error.message });
    }
  }
  return { reads, invalidExpressions };
}
