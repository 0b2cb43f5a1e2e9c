import { TRUST_RANK, type CapabilityDefinition, type SafetySummary, type TrustLevel } from '@skill-service/contracts';

/** What running the skill asks of a caller and a server, from the safety blocks of its capabilities. */
export function safetySummary(capabilities: Iterable<CapabilityDefinition>): SafetySummary {
  let trust: TrustLevel = 'sandbox';
  const confirmation: string[] = [];
  const gates: SafetySummary['gates'] = [];
  for (const capability of capabilities) {
    const { safety } = capability;
    if (safety === undefined) continue;
    if (TRUST_RANK[safety.trust_level] > TRUST_RANK[trust]) trust = safety.trust_level;
    if (safety.requires_confirmation) confirmation.push(capability.id);
    for (const gate of safety.mandatory_pre_gates) gates.push({ capability: capability.id, gate: gate.capability, phase: 'pre', on_fail: gate.on_fail });
    for (const gate of safety.mandatory_post_gates) gates.push({ capability: capability.id, gate: gate.capability, phase: 'post', on_fail: gate.on_fail });
  }
  return { trust_level: trust, requires_confirmation: confirmation.sort(), gates };
}
