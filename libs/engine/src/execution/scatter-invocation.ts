import { isServiceError, sanitizeMessage, type CapabilityDefinition, type ErrorCode, type SkillStep } from '@skill-service/contracts';
import type { CompiledStep } from '../plan/compiled-skill.js';
import { checkSafetyPolicy } from '../safety/check-safety-policy.js';
import { getOwn, setOwn } from '../state/set-own.js';
import { toServiceError } from '../errors/to-service-error.js';
import { invokeGuarded, type GuardedOutcome } from './guarded-invocation.js';
import type { StepHost, StepResult } from './step-host.js';
import { requireCapability, stepInvocationSettings } from './step-invocation-settings.js';

/** Safety verdicts are policy, not provider flakiness: one member's verdict decides for the step. */
const SAFETY_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['safety_denied', 'confirmation_required', 'gate_execution_failure']);

type ScatterControl = NonNullable<SkillStep['scatter']>;

type MemberResult =
  | { readonly capability: CapabilityDefinition; readonly ok: true; readonly outcome: GuardedOutcome }
  | { readonly capability: CapabilityDefinition; readonly ok: false; readonly error: unknown };

const isSafetyError = (error: unknown): boolean => isServiceError(error) && SAFETY_CODES.has(error.code);

function concatLists(outputs: readonly Record<string, unknown>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const output of outputs) {
    for (const key of Object.keys(output)) {
      const value = output[key];
      const list = (getOwn(merged, key) as unknown[] | undefined) ?? [];
      setOwn(merged, key, list.concat(Array.isArray(value) ? value : [value]));
    }
  }
  return merged;
}

/**
 * `scatter`: the same resolved input to every listed capability in parallel, each with its own
 * safety checks, gates, deadline and retry. Merge: `collect` → `{capabilityId: output}` of the
 * successes, `concat_lists` → per key, lists concatenated and scalars wrapped, `first_success` →
 * the first member in list order that succeeded (later members are then aborted). With no success
 * the step fails with the first member's error. A member's safety denial or degradation applies to
 * the whole step.
 */
export async function runScatter(host: StepHost, step: CompiledStep, scatter: ScatterControl): Promise<StepResult> {
  const members = scatter.capabilities.map((id) => requireCapability(host, step, id));
  // Every member is checked before any is invoked: a refused member must not half-run the step.
  for (const member of members) checkSafetyPolicy(member, host.runtime.maxTrustRank, host.settings.confirmedCapabilities);
  const input = step.resolveInput(host.resolveContext);

  const controller = new AbortController();
  const abortMembers = (): void => controller.abort(host.signal.reason);
  host.signal.addEventListener('abort', abortMembers, { once: true });
  const settings = stepInvocationSettings(host, step, controller.signal);
  try {
    const pending = members.map(
      (capability): Promise<MemberResult> =>
        invokeGuarded(settings, capability, input).then(
          (outcome) => ({ capability, ok: true, outcome }),
          (error: unknown) => ({ capability, ok: false, error }),
        ),
    );
    const results: MemberResult[] = [];
    for (const next of pending) {
      const result = await next;
      if (!result.ok && isSafetyError(result.error)) throw result.error;
      if (result.ok && result.outcome.kind === 'degraded') return result.outcome;
      results.push(result);
      if (scatter.merge === 'first_success' && result.ok) break;
    }
    const succeeded = results.flatMap((result) =>
      result.ok && result.outcome.kind === 'completed' ? [{ id: result.capability.id, output: result.outcome.output }] : [],
    );
    const failed = results.flatMap((result) => (result.ok ? [] : [{ id: result.capability.id, error: toServiceError(result.error) }]));
    const [firstFailure] = failed;
    if (succeeded.length === 0 && firstFailure !== undefined) throw firstFailure.error;
    let produced: Record<string, unknown>;
    if (scatter.merge === 'collect') {
      produced = {};
      for (const { id, output } of succeeded) setOwn(produced, id, output);
    } else if (scatter.merge === 'concat_lists') {
      produced = concatLists(succeeded.map((member) => member.output));
    } else {
      produced = succeeded[0]?.output ?? {};
    }
    return {
      kind: 'completed',
      produced,
      written: false,
      input,
      attempts: 1,
      meta: undefined,
      data: {
        scatter_strategy: scatter.merge,
        scatter_succeeded: succeeded.map((member) => member.id),
        scatter_failed: failed.map(({ id, error }) => ({ capability_id: id, error: { code: error.code, message: sanitizeMessage(error.message) } })),
      },
    };
  } finally {
    host.signal.removeEventListener('abort', abortMembers);
    // Members still running (after first_success, or after a safety verdict) are not needed any more.
    controller.abort(host.signal.reason);
  }
}
