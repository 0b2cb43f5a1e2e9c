import { z } from 'zod';

/** Binding conformance, ranked `experimental < standard < strict`. */
export const ConformanceProfile = z
  .enum(['experimental', 'standard', 'strict'])
  .meta({ id: 'ConformanceProfile', description: 'Binding conformance, ranked experimental < standard < strict.' });
export type ConformanceProfile = z.infer<typeof ConformanceProfile>;

export const CONFORMANCE_RANK: Record<ConformanceProfile, number> = { experimental: 0, standard: 1, strict: 2 };

export const AuditMode = z
  .enum(['off', 'standard', 'full'])
  .meta({ id: 'AuditMode', description: 'off: no record; standard: hashes only; full: sanitised inputs and outputs too.' });
export type AuditMode = z.infer<typeof AuditMode>;

/** Capability trust, ranked `sandbox < standard < elevated < privileged`. */
export const TrustLevel = z.enum(['sandbox', 'standard', 'elevated', 'privileged']).meta({ id: 'TrustLevel' });
export type TrustLevel = z.infer<typeof TrustLevel>;

export const TRUST_RANK: Record<TrustLevel, number> = { sandbox: 0, standard: 1, elevated: 2, privileged: 3 };

/** Where an execution came from; recorded in audit records and metrics. */
export const ExecutionChannel = z
  .string()
  .regex(/^(http|http-stream|http-async|mcp|bridge|cli|attach:[a-z]+|embedded)$/)
  .meta({ id: 'ExecutionChannel' });
export type ExecutionChannel = z.infer<typeof ExecutionChannel>;
