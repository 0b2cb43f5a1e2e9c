import type { AuditMode, CapabilityInvoker } from '@skill-service/contracts';
import type { AuditRecorder } from '../audit/audit-run-summary.js';
import type { DefinitionSource } from '../definition-source.js';
import type { Sleep } from './sleep.js';

/** The engine's configuration with defaults applied: what every run of one engine shares. */
export interface EngineRuntime {
  readonly definitions: DefinitionSource;
  readonly invoker: CapabilityInvoker;
  readonly audit: AuditRecorder | undefined;
  readonly maxConcurrentSteps: number;
  readonly maxSkillDepth: number;
  readonly defaultTimeoutMs: number;
  readonly maxTrustRank: number;
  readonly defaultAuditMode: AuditMode;
  readonly now: () => Date;
  readonly sleep: Sleep;
  readonly maxOutputBytes: number;
}
