import { z } from 'zod';
import { StreamEvent } from './stream-event.js';

/** The answer of a synchronous execute, the `done` event of a stream and a completed run's `result`. */
export const ExecutionResult = z
  .object({
    skill_id: z.string(),
    status: z.literal('completed'),
    outputs: z.record(z.string(), z.unknown()),
    trace_id: z.string(),
    events: z.array(StreamEvent).optional().describe('Present when include_trace was requested'),
  })
  .meta({ id: 'ExecutionResult' });
export type ExecutionResult = z.infer<typeof ExecutionResult>;

export const BindingAttempt = z
  .object({
    binding_id: z.string(),
    service_id: z.string().nullable(),
    status: z.enum(['success', 'failed', 'skipped', 'circuit_open']),
    conformance_profile: z.string(),
    skip_reason: z.string().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .meta({ id: 'BindingAttempt' });
export type BindingAttempt = z.infer<typeof BindingAttempt>;

export const ResolutionPlanEntry = z.object({
  binding_id: z.string(),
  service_id: z.string().nullable(),
  protocol: z.string(),
  conformance_profile: z.string(),
  eligible: z.boolean(),
  reason: z.string(),
});

/** The answer of explain: how a capability resolves, without invoking anything. */
export const ResolutionPlan = z
  .object({
    capability_id: z.string(),
    selection_source: z.enum(['local_selection', 'preference_policy', 'official_default', 'first_official']),
    primary_binding_id: z.string(),
    required_conformance_profile: z.string(),
    chain: z.array(ResolutionPlanEntry),
  })
  .meta({ id: 'ResolutionPlan' });
export type ResolutionPlan = z.infer<typeof ResolutionPlan>;

export const CapabilityExecutionMeta = z.object({
  binding_id: z.string(),
  service_id: z.string().nullable(),
  conformance_profile: z.string(),
  required_conformance_profile: z.string(),
  fallback_used: z.boolean(),
  fallback_chain: z.array(z.string()),
  attempts: z.array(BindingAttempt),
  resolution_plan: ResolutionPlan,
  resolution_ms: z.number(),
});
export type CapabilityExecutionMeta = z.infer<typeof CapabilityExecutionMeta>;

export const CapabilityExecutionResult = z
  .object({
    capability_id: z.string(),
    outputs: z.record(z.string(), z.unknown()),
    meta: CapabilityExecutionMeta.optional().describe('Absent when the invoker reports no binding metadata'),
    trace_id: z.string(),
  })
  .meta({ id: 'CapabilityExecutionResult' });
export type CapabilityExecutionResult = z.infer<typeof CapabilityExecutionResult>;
