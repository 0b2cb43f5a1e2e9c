import { z } from 'zod';
import { FieldSpecs } from './field-spec.js';
import { TrustLevel } from './execution-options.js';

export const GateFailureMode = z.enum(['warn', 'degrade', 'block', 'require_human']);
export type GateFailureMode = z.infer<typeof GateFailureMode>;

export const SafetyGate = z.object({ capability: z.string().min(1), on_fail: GateFailureMode.default('block') });
export type SafetyGate = z.infer<typeof SafetyGate>;

export const CapabilitySafety = z.looseObject({
  trust_level: TrustLevel.default('standard'),
  requires_confirmation: z.boolean().default(false),
  mandatory_pre_gates: z.array(SafetyGate).default([]),
  mandatory_post_gates: z.array(SafetyGate).default([]),
});
export type CapabilitySafety = z.infer<typeof CapabilitySafety>;

export const CapabilityDefinition = z
  .object({
    id: z.string().min(1),
    version: z.string().min(1),
    description: z.string().min(1),
    inputs: FieldSpecs,
    outputs: FieldSpecs,
    properties: z.record(z.string(), z.unknown()).default({}),
    metadata: z.record(z.string(), z.unknown()).default({}),
    cognitive_hints: z.record(z.string(), z.unknown()).optional(),
    safety: CapabilitySafety.optional(),
    deprecated: z.boolean().default(false),
    replacement: z.string().min(1).optional(),
    requires: z.array(z.string().min(1)).optional(),
    aliases: z.array(z.string().min(1)).optional(),
  })
  .meta({ id: 'CapabilityDefinition', description: 'The contract of one operation: its inputs, outputs and safety.' });
export type CapabilityDefinition = z.infer<typeof CapabilityDefinition>;
