import { SPAN_ATTRIBUTES, type SpanAttributeMap } from '@skill-service/util';
import type { CompiledStep } from '../plan/compiled-skill.js';

/** The control flow a step runs under, as its span reports it. */
export function stepKind(step: CompiledStep): string {
  if (step.childSkillId !== undefined) return 'skill';
  if (step.definition.scatter !== undefined) return 'scatter';
  if (step.foreach !== undefined) return 'foreach';
  if (step.whileLoop !== undefined) return 'while';
  if (step.router !== undefined) return 'router';
  return 'capability';
}

/** What a step's span carries when it starts (its outcome and attempts are added when it settles). */
export function stepSpanAttributes(skillId: string, step: CompiledStep): SpanAttributeMap {
  return {
    [SPAN_ATTRIBUTES.skillId]: skillId,
    [SPAN_ATTRIBUTES.stepId]: step.id,
    [SPAN_ATTRIBUTES.stepKind]: stepKind(step),
    [SPAN_ATTRIBUTES.capabilityId]: step.definition.uses,
  };
}
