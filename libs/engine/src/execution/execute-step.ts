import { evaluateExpression, isTruthy } from '@skill-service/skill-language';
import type { CompiledStep } from '../plan/compiled-skill.js';
import { writeStepOutputs } from '../state/write-step-outputs.js';
import { runCapabilityStep } from './capability-step.js';
import { runNestedSkillStep } from './nested-skill-step.js';
import type { StepHost, StepResult } from './step-host.js';

export type StepStatus = 'completed' | 'skipped' | 'degraded';

/**
 * One step from `step_start` to its terminal event. The condition is evaluated first, before any
 * input is resolved (so a branch may reference what only the other branch writes); a false one
 * skips the step, which writes nothing. Failures are thrown: the run reports them.
 */
export async function executeStep(host: StepHost, step: CompiledStep): Promise<{ status: StepStatus; result?: StepResult }> {
  const { sink } = host;
  sink.emit('step_start', step.id, `Step '${step.id}' started`, { uses: step.definition.uses });
  if (step.condition !== undefined && !isTruthy(evaluateExpression(step.condition, host.state.scope))) {
    sink.emit('step_skipped', step.id, `Step '${step.id}' skipped: condition "${step.condition.source}" is false`, {
      condition: step.condition.source,
    });
    return { status: 'skipped' };
  }
  const result =
    step.childSkillId === undefined ? await runCapabilityStep(host, step) : await runNestedSkillStep(host, step, step.childSkillId);
  if (result.kind === 'degraded') {
    const { gate, phase, reason } = result.degradation;
    sink.emit('step_degraded', step.id, `Step '${step.id}' degraded by safety gate '${gate}': ${reason}`, {
      capability_id: result.capabilityId,
      gate,
      phase,
      reason,
    });
    return { status: 'degraded', result };
  }
  if (!result.written) writeStepOutputs(host.state, step, result.produced);
  sink.emit('step_completed', step.id, `Step '${step.id}' completed`, { ...result.data, produced_output: result.produced });
  return { status: 'completed', result };
}
