import {
  AuditMode,
  ConformanceProfile,
  ExecutionChannel,
  InvalidRequestError,
  type FieldProblem,
} from '@skill-service/contracts';
import type { ExecuteCapabilityOptions, RunSkillOptions } from './run-options.js';

// The same bound as a step's timeout_seconds in the skill contract.
const MAX_TIMEOUT_SECONDS = 86_400;

const isStringList = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Checks options a transport may have filled from untrusted text, before any event or side effect
 * (a bad audit mode found after the skill ran would leave its side effects without a record). Every bad option is
 * listed in one 400.
 */
export function validateRunOptions(options: RunSkillOptions | ExecuteCapabilityOptions): void {
  const problems: FieldProblem[] = [];
  const all = options as RunSkillOptions & ExecuteCapabilityOptions;
  if (all.traceId !== undefined && (typeof all.traceId !== 'string' || all.traceId.length === 0)) {
    problems.push({ path: 'trace_id', message: 'must be a non-empty string' });
  }
  if (all.auditMode !== undefined && !AuditMode.safeParse(all.auditMode).success) {
    problems.push({ path: 'audit_mode', message: `must be one of ${AuditMode.options.join(', ')}` });
  }
  if (all.requiredConformanceProfile !== undefined && !ConformanceProfile.safeParse(all.requiredConformanceProfile).success) {
    problems.push({ path: 'required_conformance_profile', message: `must be one of ${ConformanceProfile.options.join(', ')}` });
  }
  if (all.channel !== undefined && !ExecutionChannel.safeParse(all.channel).success) {
    problems.push({ path: 'channel', message: 'is not a known execution channel' });
  }
  if (all.confirmedCapabilities !== undefined && !isStringList(all.confirmedCapabilities)) {
    problems.push({ path: 'confirmed_capabilities', message: 'must be a list of capability ids' });
  }
  const timeout = all.timeoutSeconds;
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0 && timeout <= MAX_TIMEOUT_SECONDS)) {
    problems.push({ path: 'timeout_seconds', message: `must be a number in (0, ${MAX_TIMEOUT_SECONDS}]` });
  }
  if (problems.length > 0) {
    const summary = problems.map((problem) => `${problem.path} ${problem.message}`).join('; ');
    throw new InvalidRequestError(`Invalid execution options: ${summary}`, { details: problems });
  }
}
