import { CapabilityDefinition, TrustLevel } from '@skill-service/contracts';
import { checkFieldTypes } from '../checks/field-types.js';
import { reportUnknownKeys } from '../checks/unknown-keys.js';
import type { Reporter } from '../reporter.js';
import { hasKey, isMapping, typeName } from './raw-value.js';
import { validateAgainst } from './schema-issues.js';
import { SourcePaths } from './source-paths.js';

const GATE_LISTS = ['mandatory_pre_gates', 'mandatory_post_gates'] as const;

/** A gate written as a bare capability id means `on_fail: block`: a gate that fails closed. */
function normalizeGates(gates: unknown): unknown {
  if (gates === null) return [];
  if (!Array.isArray(gates)) return gates;
  return gates.map((gate) => (typeof gate === 'string' ? { capability: gate, on_fail: 'block' } : gate));
}

function normalizeSafety(raw: unknown, reporter: Reporter): unknown {
  if (raw === null) return undefined;
  if (!isMapping(raw)) return raw;
  const safety: Record<string, unknown> = { ...raw };
  const trust = raw.trust_level;
  if (typeof trust === 'string' && !(TrustLevel.options as readonly string[]).includes(trust)) {
    // Existing registries use names we do not know; rank them standard, but say so.
    reporter.warning(
      ['safety', 'trust_level'],
      'unknown_trust_level',
      `trust level "${trust}" is not one of ${TrustLevel.options.join(', ')}; treated as standard`,
    );
    safety.trust_level = 'standard';
  }
  for (const list of GATE_LISTS) if (hasKey(raw, list)) safety[list] = normalizeGates(raw[list]);
  return safety;
}

/**
 * Reads a capability contract: deprecation from top-level `deprecated` or
 * `metadata.status: deprecated`, safety gates in either spelling, unknown trust levels as standard.
 */
export function normalizeCapability(raw: unknown, reporter: Reporter): CapabilityDefinition | undefined {
  if (!isMapping(raw)) {
    reporter.error([], 'wrong_type', `a capability must be a mapping, got ${typeName(raw)}`);
    return undefined;
  }
  // `extends` has its own warning below.
  reportUnknownKeys(CapabilityDefinition, raw, [], reporter, 'capability field', { handledElsewhere: ['extends'] });
  checkFieldTypes(raw.inputs, ['inputs'], reporter);
  checkFieldTypes(raw.outputs, ['outputs'], reporter);
  let metadata = raw.metadata;
  if (metadata === null || (metadata !== undefined && !isMapping(metadata))) {
    reporter.warning(['metadata'], 'wrong_type', `metadata must be a mapping, got ${typeName(metadata)}; ignored`);
    metadata = {};
  }
  const deprecatedByStatus = isMapping(metadata) && metadata.status === 'deprecated';
  if (hasKey(raw, 'extends')) {
    reporter.warning(['extends'], 'unsupported_field', '"extends" is not supported: the capability is loaded as written');
  }
  const candidate = {
    ...raw,
    metadata,
    deprecated: raw.deprecated ?? (deprecatedByStatus ? true : undefined),
    safety: normalizeSafety(raw.safety, reporter),
  };
  const capability = validateAgainst(CapabilityDefinition, candidate, reporter, new SourcePaths());
  return capability === undefined || reporter.hasErrors ? undefined : capability;
}
