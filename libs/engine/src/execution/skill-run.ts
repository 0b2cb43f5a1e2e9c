import {
  InvalidConfigurationError,
  ServiceError,
  isServiceError,
  sanitizeMessage,
  type AuditMode,
} from '@skill-service/contracts';
import { activeTraceContext, failSpan, SPAN_ATTRIBUTES, traced, type TraceContext, type TracedSpan } from '@skill-service/util';
import type { AuditStepSummary } from '../audit/audit-run-summary.js';
import { RunCancelledError } from '../errors/run-cancelled-error.js';
import { toServiceError } from '../errors/to-service-error.js';
import type { EventSink } from '../events/event-sink.js';
import { NestedEventSink } from '../events/nested-event-sink.js';
import type { CompiledSkill, CompiledStep, ResolveContext } from '../plan/compiled-skill.js';
import { SkillExecutionError } from '../skill-execution-error.js';
import { RunState } from '../state/run-state.js';
import { validateSkillInputs } from '../validation/validate-skill-inputs.js';
import type { EngineRuntime } from './engine-runtime.js';
import { executeStep } from './execute-step.js';
import { prepareSkill } from './prepare-skill.js';
import { recordRunAudit, stepAuditSummary } from './run-audit.js';
import { stepSpanAttributes } from './run-spans.js';
import type { RunLineage, RunSettings } from './run-settings.js';
import type { StepHost } from './step-host.js';

export interface SkillRunRequest {
  readonly runtime: EngineRuntime;
  readonly skill: CompiledSkill;
  /** Already validated against the skill's declared inputs, defaults applied. */
  readonly inputs: Record<string, unknown>;
  readonly settings: RunSettings;
  readonly lineage: RunLineage;
  readonly sink: EventSink;
  /** The caller's cancellation (for a nested run: the parent run's signal). */
  readonly signal: AbortSignal | undefined;
}

interface RunFailure {
  readonly error: ServiceError;
  /** The step that failed, or null for a run-level failure (cancellation, missing outputs). */
  readonly stepId: string | null;
}

/** Keeps `ready` sorted so that ready steps start in declaration order (deterministic runs). */
function insertSorted(ready: number[], index: number): void {
  let at = ready.length;
  while (at > 0 && (ready[at - 1] ?? 0) > index) at--;
  ready.splice(at, 0, index);
}

/**
 * One execution of one skill (the root or a nested one): schedules its steps over the dependency
 * graph, at most `maxConcurrentSteps` at a time, each after all its dependencies settled. The
 * first failure stops scheduling, emits that step's `step_failed`, closes the event sink (steps
 * still being aborted report nothing) and aborts every in-flight invocation; the run rejects at
 * once, without waiting for providers that ignore their signal.
 */
export class SkillRun implements StepHost {
  readonly runtime: EngineRuntime;
  readonly settings: RunSettings;
  readonly skillId: string;
  readonly state: RunState;
  readonly sink: EventSink;
  readonly signal: AbortSignal;
  readonly resolveContext: ResolveContext;
  private readonly controller = new AbortController();
  private readonly wrote: boolean[];
  /** Per step index (declaration order), filled as steps settle; undefined when nobody audits. */
  private readonly auditSteps: (AuditStepSummary | undefined)[] | undefined;
  private failure: RunFailure | undefined;
  /** The run span's context: steps are started from other steps' callbacks, so their parent is explicit. */
  private traceContext: TraceContext | undefined;
  private rejectSchedule: ((error: ServiceError) => void) | undefined;

  constructor(private readonly request: SkillRunRequest) {
    this.runtime = request.runtime;
    this.settings = request.settings;
    this.skillId = request.skill.definition.id;
    this.state = new RunState(request.inputs);
    this.sink = request.sink;
    this.signal = this.controller.signal;
    this.wrote = request.skill.steps.map(() => false);
    this.resolveContext = { scope: this.state.scope, hasWritten: (index) => this.wrote[index] === true };
    // Step summaries are only collected when someone will read them.
    this.auditSteps = this.auditMode() === undefined ? undefined : request.skill.steps.map(() => undefined);
  }

  /** Resolves to the run's outputs, or rejects with a SkillExecutionError carrying the root cause's code. */
  execute(): Promise<Record<string, unknown>> {
    const { depth } = this.request.lineage;
    const attributes = {
      [SPAN_ATTRIBUTES.skillId]: this.skillId,
      [SPAN_ATTRIBUTES.channel]: this.settings.channel,
      [SPAN_ATTRIBUTES.depth]: depth,
      // The contract's trace id, on the run span of the root run only.
      [SPAN_ATTRIBUTES.traceId]: depth === 0 ? this.settings.traceId : undefined,
    };
    return traced(`skill.run ${this.skillId}`, { attributes }, async (span) => {
      this.traceContext = activeTraceContext();
      try {
        const outputs = await this.executeSteps();
        span.setAttribute(SPAN_ATTRIBUTES.outcome, 'completed');
        return outputs;
      } catch (error) {
        span.setAttribute(SPAN_ATTRIBUTES.outcome, 'failed');
        throw error;
      }
    });
  }

  private async executeSteps(): Promise<Record<string, unknown>> {
    const startedAt = this.runtime.now();
    const external = this.request.signal;
    const onCancel = (): void => {
      this.fail(new RunCancelledError(), null);
    };
    external?.addEventListener('abort', onCancel, { once: true });
    try {
      this.sink.emit('skill_start', null, `Skill '${this.skillId}' started`, { skill_id: this.skillId });
      if (external?.aborted === true) onCancel();
      await this.schedule();
      this.checkRequiredOutputs();
      const outputs = { ...this.state.outputs };
      const finishedAt = this.runtime.now();
      this.sink.emit('skill_completed', null, `Skill '${this.skillId}' completed`, {
        skill_id: this.skillId,
        duration_ms: finishedAt.getTime() - startedAt.getTime(),
      });
      this.audit(startedAt, finishedAt, outputs, null);
      return outputs;
    } catch (error) {
      // Either the failure that rejected the schedule, or one after it (e.g. missing outputs).
      const runError = this.toRunError(this.fail(toServiceError(error), null));
      this.audit(startedAt, this.runtime.now(), null, runError);
      throw runError;
    } finally {
      external?.removeEventListener('abort', onCancel);
    }
  }

  async runChild(stepId: string, childSkillId: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { lineage } = this.request;
    const depth = lineage.depth + 1;
    if (depth > this.runtime.maxSkillDepth) {
      throw new ServiceError(
        'max_depth_exceeded',
        `Skill '${childSkillId}' would run at nesting depth ${depth}, deeper than the limit of ${this.runtime.maxSkillDepth}`,
      );
    }
    let skill: CompiledSkill;
    try {
      skill = prepareSkill(this.runtime.definitions, childSkillId);
    } catch (error) {
      // The caller asked for an existing skill: a missing child is that skill's configuration error.
      if (isServiceError(error) && error.code === 'not_found') {
        throw new InvalidConfigurationError(`Step '${stepId}' uses skill '${childSkillId}', which does not exist`);
      }
      throw error;
    }
    const child = new SkillRun({
      runtime: this.runtime,
      skill,
      inputs: validateSkillInputs(skill.definition, input),
      settings: this.settings,
      lineage: { depth, parentSkillId: this.skillId, skillIds: [...lineage.skillIds, childSkillId] },
      sink: new NestedEventSink(this.sink, stepId),
      signal: this.signal,
    });
    return child.execute();
  }

  private schedule(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.rejectSchedule = reject;
      if (this.failure !== undefined) {
        reject(this.failure.error);
        return;
      }
      const steps = this.request.skill.steps;
      const waiting = steps.map((step) => step.dependencies.length);
      const ready = steps.filter((step) => step.dependencies.length === 0).map((step) => step.index);
      let running = 0;
      let remaining = steps.length;
      const release = (step: CompiledStep): void => {
        running--;
        remaining--;
        if (this.failure !== undefined) return;
        for (const dependant of step.dependants) {
          const left = (waiting[dependant] ?? 0) - 1;
          waiting[dependant] = left;
          if (left === 0) insertSorted(ready, dependant);
        }
        if (remaining === 0) resolve();
        else pump();
      };
      const pump = (): void => {
        while (running < this.runtime.maxConcurrentSteps && this.failure === undefined) {
          const step = steps[ready.shift() ?? -1];
          if (step === undefined) return;
          running++;
          void this.runStep(step).then(() => release(step));
        }
      };
      pump();
    });
  }

  /** Never rejects: a failure is reported through `fail`, which settles the whole run. */
  private runStep(step: CompiledStep): Promise<void> {
    const options = { parent: this.traceContext, attributes: stepSpanAttributes(this.skillId, step) };
    return traced(`skill.step ${step.id}`, options, (span) => this.runStepTraced(step, span));
  }

  private async runStepTraced(step: CompiledStep, span: TracedSpan): Promise<void> {
    const startedAt = this.auditSteps === undefined ? 0 : this.runtime.now().getTime();
    const full = this.settings.auditMode === 'full';
    try {
      const { status, result } = await executeStep(this, step);
      span.setAttribute(SPAN_ATTRIBUTES.outcome, status);
      if (result?.kind === 'completed') span.setAttribute(SPAN_ATTRIBUTES.attempts, result.attempts);
      if (status === 'completed') this.wrote[step.index] = true;
      if (this.auditSteps !== undefined) {
        this.auditSteps[step.index] = stepAuditSummary({ step, status, durationMs: this.runtime.now().getTime() - startedAt, full, result });
      }
    } catch (error) {
      // After the run failed, in-flight steps fail with the abort: that is not news.
      if (this.failure !== undefined) {
        span.setAttribute(SPAN_ATTRIBUTES.outcome, 'cancelled');
        return;
      }
      const cause = toServiceError(error);
      span.setAttribute(SPAN_ATTRIBUTES.outcome, 'failed');
      failSpan(span, cause);
      if (this.auditSteps !== undefined) {
        const durationMs = this.runtime.now().getTime() - startedAt;
        this.auditSteps[step.index] = stepAuditSummary({ step, status: 'failed', durationMs, full, error: cause });
      }
      this.fail(cause, step.id);
    }
  }

  /** Settles the run as failed (once: later failures are consequences) and returns the first failure. */
  private fail(error: ServiceError, stepId: string | null): RunFailure {
    if (this.failure !== undefined) return this.failure;
    const failure = { error, stepId };
    this.failure = failure;
    if (stepId !== null) {
      const message = sanitizeMessage(error.message);
      this.sink.emit('step_failed', stepId, `Step '${stepId}' failed: ${message}`, { error: { code: error.code, message } });
    }
    this.sink.close();
    this.controller.abort(error);
    this.rejectSchedule?.(error);
    return failure;
  }

  private checkRequiredOutputs(): void {
    const outputs = this.state.outputs;
    const missing = Object.entries(this.request.skill.definition.outputs)
      .filter(([name, spec]) => spec.required && !Object.hasOwn(outputs, name))
      .map(([name]) => name);
    if (missing.length > 0) {
      throw new InvalidConfigurationError(
        `Skill '${this.skillId}' finished without required output${missing.length > 1 ? 's' : ''} ${missing.map((name) => `'${name}'`).join(', ')}`,
      );
    }
  }

  /** A nested run's failure is unwrapped: the step path grows (`call/inner`), the root cause stays. */
  private toRunError(failure: RunFailure): SkillExecutionError {
    let { stepId } = failure;
    let root = failure.error;
    if (root instanceof SkillExecutionError) {
      if (stepId !== null && root.stepId !== null) stepId = `${stepId}/${root.stepId}`;
      root = root.rootCause;
    }
    return new SkillExecutionError(stepId === null ? root.message : `Step '${stepId}' failed: ${root.message}`, {
      traceId: this.settings.traceId,
      skillId: this.skillId,
      stepId,
      events: [...this.sink.events],
      rootCause: root,
    });
  }

  private auditMode(): Exclude<AuditMode, 'off'> | undefined {
    const mode = this.settings.auditMode;
    return this.runtime.audit === undefined || mode === 'off' ? undefined : mode;
  }

  private audit(startedAt: Date, finishedAt: Date, outputs: Record<string, unknown> | null, error: ServiceError | null): void {
    const mode = this.auditMode();
    if (mode === undefined || this.runtime.audit === undefined) return;
    const { lineage } = this.request;
    recordRunAudit(
      this.runtime.audit,
      {
        traceId: this.settings.traceId,
        skillId: this.skillId,
        status: error === null ? 'completed' : 'failed',
        channel: this.settings.channel,
        depth: lineage.depth,
        parentSkillId: lineage.parentSkillId,
        lineage: lineage.skillIds,
        startedAt,
        finishedAt,
        requiredConformanceProfile: this.settings.requiredConformanceProfile ?? null,
        inputs: this.request.inputs,
        outputs,
        steps: (this.auditSteps ?? []).filter((summary) => summary !== undefined),
        error: error === null ? null : { code: error.code, message: error.message },
      },
      mode,
    );
  }
}
