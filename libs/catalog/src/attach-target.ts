import { InvalidRequestError, type AttachContext, type AttachTargetType, type SkillDefinition } from '@skill-service/contracts';

/** What attach resolves a target against: this process's runs (the run store) and its execution history. */
export interface AttachTargets {
  hasRun(runId: string): boolean;
  hasTrace(traceId: string): boolean;
}

const TASK_REFERENCE = /^task:\S/;

/**
 * The skill must be attachable to this target type (400 naming the problem otherwise). Nothing
 * but the skill's own metadata is read.
 */
export function checkAttachable(skill: SkillDefinition, targetType: AttachTargetType): void {
  const classification = skill.metadata.classification;
  const invocation = classification?.invocation ?? 'direct';
  if (invocation !== 'attach' && invocation !== 'both') {
    throw new InvalidRequestError(`Skill '${skill.id}' cannot be attached: its invocation is '${invocation}' (attach or both needed)`);
  }
  const allowed = classification?.attach_targets ?? [];
  if (!allowed.includes(targetType)) {
    const list = allowed.length === 0 ? 'none' : allowed.join(', ');
    throw new InvalidRequestError(`Skill '${skill.id}' cannot be attached to target type '${targetType}' (allowed: ${list})`);
  }
}

/**
 * Resolves a target reference against this process only; the filesystem is never probed.
 * run: a run id or a trace id of an earlier execution; output, transcript, artifact: a trace id;
 * task: `task:<id>` or a run id. Anything else is a 400 `Invalid attach target: …`.
 */
export function resolveAttachTarget(targetType: AttachTargetType, targetRef: string, targets: AttachTargets): AttachContext {
  const context = (source: AttachContext['validation_source'], result: AttachContext['validation_result']): AttachContext => ({
    target_type: targetType,
    target_ref: targetRef,
    validation_source: source,
    validation_result: result,
  });
  if (targetType === 'task') {
    if (TASK_REFERENCE.test(targetRef)) return context('task_reference', 'task_prefix_match');
    if (targets.hasRun(targetRef)) return context('run_store', 'run_match');
    throw new InvalidRequestError(`Invalid attach target: task '${targetRef}' is neither 'task:<id>' nor a known run id`);
  }
  if (targetType === 'run' && targets.hasRun(targetRef)) return context('run_store', 'run_match');
  if (targets.hasTrace(targetRef)) return context('execution_history', 'trace_match');
  const known = targetType === 'run' ? 'a known run id or trace id' : 'the trace id of an earlier execution';
  throw new InvalidRequestError(`Invalid attach target: ${targetType} '${targetRef}' is not ${known}`);
}
