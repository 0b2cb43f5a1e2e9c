import {
  AuditMode,
  TRUST_RANK,
  type CapabilityInvoker,
  type TrustLevel,
} from '@skill-service/contracts';
import type { AuditRecorder } from './audit/audit-run-summary.js';
import type { DefinitionSource } from './definition-source.js';
import { abortableSleep } from '@skill-service/util';
import type { Sleep } from './execution/sleep.js';
import type { EngineRuntime } from './execution/engine-runtime.js';

export interface SkillEngineConfig {
  readonly definitions: DefinitionSource;
  readonly invoker: CapabilityInvoker;
  /** Called once per settled run (and nested run) unless the audit mode is `off`. */
  readonly audit?: AuditRecorder;
  /** Steps of one run that may execute at the same time (the app wires SERVICE_MAX_WORKERS). Default 8. */
  readonly maxConcurrentSteps?: number;
  /** Deepest allowed nesting of `skill:` steps; the root run is depth 0. Default 10. */
  readonly maxSkillDepth?: number;
  /** Budget of one capability invocation when a step sets no `timeout_seconds`. Default 60. */
  readonly defaultStepTimeoutSeconds?: number;
  /** Capabilities ranked above this trust level are refused (`safety_denied`). Default `standard`. */
  readonly maxTrustLevel?: TrustLevel;
  /** Audit mode of runs that do not ask for one. Default `standard`. */
  readonly defaultAuditMode?: AuditMode;
  /** Clock for event timestamps and durations (injectable for deterministic tests). */
  readonly now?: () => Date;
  /** Retry back-off; must reject promptly when `signal` aborts (injectable for fast tests). */
  readonly sleep?: Sleep;
  /** Largest accepted capability output, approximated as JSON size. Default 10 MiB. */
  readonly maxOutputBytes?: number;
}

const DEFAULTS = {
  maxConcurrentSteps: 8,
  maxSkillDepth: 10,
  defaultStepTimeoutSeconds: 60,
  maxTrustLevel: 'standard',
  defaultAuditMode: 'standard',
  maxOutputBytes: 10 * 1024 * 1024,
} as const;

function positive(name: string, value: number, integer: boolean, minimum = 1): number {
  if (!Number.isFinite(value) || value < minimum || (integer && !Number.isInteger(value))) {
    throw new RangeError(`SkillEngine: ${name} must be ${integer ? 'an integer' : 'a number'} ≥ ${minimum}, got ${value}`);
  }
  return value;
}

/** Applies defaults and rejects nonsensical limits at construction, not at the first run. */
export function resolveEngineRuntime(config: SkillEngineConfig): EngineRuntime {
  const maxTrustLevel = config.maxTrustLevel ?? DEFAULTS.maxTrustLevel;
  if (!Object.hasOwn(TRUST_RANK, maxTrustLevel)) throw new RangeError(`SkillEngine: unknown maxTrustLevel '${maxTrustLevel}'`);
  const defaultAuditMode = config.defaultAuditMode ?? DEFAULTS.defaultAuditMode;
  if (!AuditMode.safeParse(defaultAuditMode).success) throw new RangeError(`SkillEngine: unknown defaultAuditMode '${defaultAuditMode}'`);
  return {
    definitions: config.definitions,
    invoker: config.invoker,
    audit: config.audit,
    maxConcurrentSteps: positive('maxConcurrentSteps', config.maxConcurrentSteps ?? DEFAULTS.maxConcurrentSteps, true),
    maxSkillDepth: positive('maxSkillDepth', config.maxSkillDepth ?? DEFAULTS.maxSkillDepth, true, 0),
    defaultTimeoutMs:
      positive('defaultStepTimeoutSeconds', config.defaultStepTimeoutSeconds ?? DEFAULTS.defaultStepTimeoutSeconds, false, 0.001) *
      1000,
    maxTrustRank: TRUST_RANK[maxTrustLevel],
    defaultAuditMode,
    now: config.now ?? (() => new Date()),
    sleep: config.sleep ?? abortableSleep,
    maxOutputBytes: positive('maxOutputBytes', config.maxOutputBytes ?? DEFAULTS.maxOutputBytes, true),
  };
}
