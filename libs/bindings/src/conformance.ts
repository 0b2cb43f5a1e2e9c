import { CONFORMANCE_RANK, ConformanceProfile, type CapabilityDefinition } from '@skill-service/contracts';

/**
 * The profile a call must meet: the request's, else the capability's own
 * (`metadata.required_conformance_profile`, then `properties.…`), else `experimental`.
 */
export function requiredProfileFor(capability: CapabilityDefinition, requested: ConformanceProfile | undefined): ConformanceProfile {
  if (requested !== undefined) return requested;
  for (const source of [capability.metadata, capability.properties]) {
    const value = source['required_conformance_profile'];
    // Usually absent: a failing safeParse builds a ZodError, a cost paid twice per step otherwise.
    if (value === undefined) continue;
    const declared = ConformanceProfile.safeParse(value);
    if (declared.success) return declared.data;
  }
  return 'experimental';
}

/** `undefined` when eligible, else the reason it is not. */
export function conformanceGap(profile: ConformanceProfile, required: ConformanceProfile): string | undefined {
  return CONFORMANCE_RANK[profile] >= CONFORMANCE_RANK[required]
    ? undefined
    : `profile '${profile}' does not meet required '${required}'`;
}
