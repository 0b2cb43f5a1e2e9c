import type { CapabilityExecutionMeta } from '@skill-service/contracts';
import type { EventSink } from '../events/event-sink.js';
import type { ResolveContext } from '../plan/compiled-skill.js';
import type { GateDegradation } from '../safety/run-gates.js';
import type { RunState } from '../state/run-state.js';
import type { EngineRuntime } from './engine-runtime.js';
import type { RunSettings } from './run-settings.js';

/** What a step needs from the run executing it. */
export interface StepHost {
  readonly runtime: EngineRuntime;
  readonly settings: RunSettings;
  readonly skillId: string;
  readonly state: RunState;
  readonly sink: EventSink;
  /** Aborted when the run fails or is cancelled. */
  readonly signal: AbortSignal;
  readonly resolveContext: ResolveContext;
  /** Runs a `skill:` step's child skill through the same engine; resolves to its outputs. */
  runChild(stepId: string, childSkillId: string, inputs: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** How the body of a step (capability or nested skill) ended, before its outputs are written. */
export type StepResult =
  | {
      readonly kind: 'completed';
      /** The raw produced object: `data.produced_output` and the source of the output mapping. */
      readonly produced: Record<string, unknown>;
      /** Extra `step_completed` data: the invoker's meta and control-flow facts. */
      readonly data: Record<string, unknown>;
      /** True when the body already wrote the outputs (a while loop writes per iteration). */
      readonly written: boolean;
      readonly input: unknown;
      readonly attempts: number;
      readonly meta: CapabilityExecutionMeta | undefined;
    }
  | { readonly kind: 'degraded'; readonly capabilityId: string; readonly degradation: GateDegradation };
