import { randomUUID } from 'node:crypto';
import {
  InvalidRequestError,
  NotFoundError,
  ServiceError,
  type CapabilityExecutionResult,
  type ExecutionResult,
  type StreamEvent,
} from '@skill-service/contracts';
import { RunCancelledError } from './errors/run-cancelled-error.js';
import { EventReplayBuffer } from './events/event-replay-buffer.js';
import { RootEventSink } from './events/root-event-sink.js';
import type { SkillRunStream } from './events/skill-run-stream.js';
import type { EngineRuntime } from './execution/engine-runtime.js';
import { invokeGuarded } from './execution/guarded-invocation.js';
import { prepareSkill } from './execution/prepare-skill.js';
import { SkillRun } from './execution/skill-run.js';
import type { ExecuteCapabilityOptions, RunSkillOptions } from './run-options.js';
import { checkSafetyPolicy } from './safety/check-safety-policy.js';
import { resolveEngineRuntime, type SkillEngineConfig } from './skill-engine-config.js';
import { validateRunOptions } from './validate-run-options.js';
import { checkCapabilityInput } from './validation/check-capability-input.js';
import { describeValueType, isPlainObject } from './validation/field-type.js';
import { validateSkillInputs } from './validation/validate-skill-inputs.js';

const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs skills and capabilities. Stateless between runs (one engine serves many concurrent runs);
 * everything it reads comes through the `DefinitionSource` port and everything it calls through
 * the `CapabilityInvoker` port.
 *
 * Errors: problems found before a run starts are thrown as they are — a bad option or input
 * `InvalidRequestError` (400, every bad field in `details`), an unknown skill `NotFoundError` (404),
 * an invalid skill or plan `invalid_configuration` (409). Once started, a run fails with a
 * `SkillExecutionError` whose code is the root cause's. A cancelled run fails with 503
 * `service_unavailable` ("Run cancelled").
 */
export class SkillEngine {
  private readonly runtime: EngineRuntime;

  constructor(config: SkillEngineConfig) {
    this.runtime = resolveEngineRuntime(config);
  }

  /** Rejects unknown audit modes, conformance profiles and other malformed options (400). */
  validateRunOptions(options: RunSkillOptions | ExecuteCapabilityOptions): void {
    validateRunOptions(options);
  }

  async runSkill(skillId: string, inputs: unknown, options: RunSkillOptions = {}): Promise<ExecutionResult> {
    validateRunOptions(options);
    if (options.signal?.aborted === true) throw new RunCancelledError();
    const skill = prepareSkill(this.runtime.definitions, skillId);
    const validInputs = validateSkillInputs(skill.definition, inputs);
    const traceId = options.traceId ?? randomUUID();
    const sink = new RootEventSink(traceId, this.runtime.now, options.onEvent);
    const outputs = await new SkillRun({
      runtime: this.runtime,
      skill,
      inputs: validInputs,
      settings: {
        traceId,
        channel: options.channel ?? 'embedded',
        requiredConformanceProfile: options.requiredConformanceProfile,
        auditMode: options.auditMode ?? this.runtime.defaultAuditMode,
        confirmedCapabilities: new Set(options.confirmedCapabilities ?? []),
      },
      lineage: { depth: 0, parentSkillId: null, skillIds: [skillId] },
      sink,
      signal: options.signal,
    }).execute();
    const result: ExecutionResult = { skill_id: skillId, status: 'completed', outputs, trace_id: traceId };
    if (options.includeTrace === true) result.events = [...sink.events];
    return result;
  }

  /** `runSkill` with its events as an async iterable; `options.onEvent` is still called too. */
  streamSkill(skillId: string, inputs: unknown, options: RunSkillOptions = {}): SkillRunStream {
    const buffer = new EventReplayBuffer<StreamEvent>();
    const subscriber = options.onEvent;
    const result = this.runSkill(skillId, inputs, {
      ...options,
      onEvent: (event) => {
        buffer.push(event);
        subscriber?.(event);
      },
    }).finally(() => buffer.end());
    result.catch(() => undefined);
    return { result, [Symbol.asyncIterator]: () => buffer[Symbol.asyncIterator]() };
  }

  /**
   * One capability outside any skill: input contract (400 with details), trust and confirmation,
   * pre gates, one invocation with a deadline (no retry), output contract, post gates. A gate that
   * would degrade a step refuses here (403): there is no step to degrade.
   */
  async executeCapability(
    capabilityId: string,
    inputs: unknown,
    options: ExecuteCapabilityOptions = {},
  ): Promise<CapabilityExecutionResult> {
    validateRunOptions(options);
    const capability = this.runtime.definitions.getCapability(capabilityId);
    if (capability === undefined) throw new NotFoundError(`Capability '${capabilityId}' not found`);
    if (!isPlainObject(inputs)) {
      throw new InvalidRequestError(`Inputs of capability '${capabilityId}' must be an object`, {
        details: [{ path: 'inputs', message: `must be an object, got ${describeValueType(inputs)}` }],
      });
    }
    // The input is checked before the policy: a malformed request is a 400 whoever sends it.
    checkCapabilityInput(capability, inputs);
    checkSafetyPolicy(capability, this.runtime.maxTrustRank, new Set(options.confirmedCapabilities ?? []));
    const traceId = options.traceId ?? randomUUID();
    const outcome = await invokeGuarded(
      {
        runtime: this.runtime,
        traceId,
        signal: options.signal ?? NEVER_ABORTED,
        timeoutMs: options.timeoutSeconds === undefined ? this.runtime.defaultTimeoutMs : options.timeoutSeconds * 1000,
        requiredConformanceProfile: options.requiredConformanceProfile,
        skillId: undefined,
        stepId: undefined,
        retry: undefined,
        // No event stream exists for a direct call: a warning gate lets the call through silently.
        onGateWarning: () => undefined,
      },
      capability,
      inputs,
    );
    if (outcome.kind === 'degraded') {
      const { gate, phase, reason } = outcome.degradation;
      throw new ServiceError('safety_denied', `Safety gate '${gate}' denied capability '${capabilityId}' (${phase}): ${reason}`);
    }
    const result: CapabilityExecutionResult = { capability_id: capabilityId, outputs: outcome.output, trace_id: traceId };
    if (outcome.meta !== undefined) result.meta = outcome.meta;
    return result;
  }
}
