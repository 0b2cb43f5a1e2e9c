import { ServiceError, TRUST_RANK, type CapabilityDefinition } from '@skill-service/contracts';

/**
 * The checks that need no invocation (in this order, so the cheaper refusal is reported first): a trust level above the
 * server's maximum is refused (403), and a capability that requires confirmation needs the caller
 * to have confirmed it by id (428). Runs for every capability a step invokes, gates excepted.
 */
export function checkSafetyPolicy(capability: CapabilityDefinition, maxTrustRank: number, confirmed: ReadonlySet<string>): void {
  const safety = capability.safety;
  if (safety === undefined) return;
  if (TRUST_RANK[safety.trust_level] > maxTrustRank) {
    throw new ServiceError(
      'safety_denied',
      `Capability '${capability.id}' needs trust level '${safety.trust_level}', above what this server allows`,
    );
  }
  if (safety.requires_confirmation && !confirmed.has(capability.id)) {
    throw new ServiceError('confirmation_required', `Capability '${capability.id}' requires confirmation`, {
      hint: `Confirm it with confirmed_capabilities: ["${capability.id}"]`,
    });
  }
}
