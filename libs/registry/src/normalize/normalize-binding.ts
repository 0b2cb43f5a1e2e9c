import { BindingDefinition, type BindingOrigin } from '@skill-service/contracts';
import { reportUnknownKeys } from '../checks/unknown-keys.js';
import type { Reporter } from '../reporter.js';
import { pickAlias } from './pick-alias.js';
import { isMapping, typeName } from './raw-value.js';
import { explainProtocol, validateAgainst } from './schema-issues.js';
import { SourcePaths } from './source-paths.js';

const ALIASES = { capability: 'capability or capability_id', service: 'service (an id, or {id, kind})' };

/**
 * Reads a binding in any accepted spelling (`capability|capability_id`, `service` as a string or
 * `{id, kind}`, `fallback_binding_id` / `conformance_profile` at top level or under `metadata`).
 * `origin` comes from the folder; `folderCapability` is the `<capability-id>` folder it sits in.
 */
export function normalizeBinding(
  raw: unknown,
  reporter: Reporter,
  origin: BindingOrigin,
  folderCapability: string,
): { binding: BindingDefinition; paths: SourcePaths } | undefined {
  const paths = new SourcePaths();
  if (!isMapping(raw)) {
    reporter.error([], 'wrong_type', `a binding must be a mapping, got ${typeName(raw)}`);
    return undefined;
  }
  reportUnknownKeys(BindingDefinition, raw, [], reporter, 'binding field', {
    aliases: { capability_id: 'capability' },
    setByLoader: ['origin'],
    // A string, or `{id, kind}`: read below.
    handledElsewhere: ['service'],
  });
  const metadata = isMapping(raw.metadata) ? raw.metadata : {};
  const candidate: Record<string, unknown> = {
    id: raw.id,
    operation: raw.operation,
    request: raw.request,
    response: raw.response,
    status: raw.status,
    metadata: raw.metadata,
    origin,
  };
  candidate.capability = pickAlias(raw, ['capability', 'capability_id'], ['capability'], reporter, paths);
  candidate.protocol = pickAlias(raw, ['protocol'], ['protocol'], reporter, paths);

  if (isMapping(raw.service)) {
    candidate.service = pickAlias(raw.service, ['id'], ['service'], reporter, paths, ['service']);
    const kind = raw.service.kind;
    if (candidate.protocol === undefined) {
      candidate.protocol = pickAlias(raw.service, ['kind'], ['protocol'], reporter, paths, ['service']);
    } else if (kind !== undefined && kind !== candidate.protocol) {
      reporter.error(paths.inFile(['service', 'kind']), 'conflicting_fields', `service kind "${String(kind)}" differs from protocol "${String(candidate.protocol)}"`);
    }
  } else {
    candidate.service = raw.service;
  }

  for (const field of ['fallback_binding_id', 'conformance_profile'] as const) {
    candidate[field] = pickAlias(raw, [field], [field], reporter, paths) ?? pickAlias(metadata, [field], [field], reporter, paths, ['metadata']);
  }

  const binding = validateAgainst(BindingDefinition, candidate, reporter, paths, {
    aliases: ALIASES,
    explain: explainProtocol,
  });
  if (binding === undefined || reporter.hasErrors) return undefined;
  if (binding.capability !== folderCapability) {
    reporter.warning(
      paths.resolve(['capability']),
      'capability_mismatch',
      `binding is for "${binding.capability}" but sits in the folder of "${folderCapability}"`,
    );
  }
  return { binding, paths };
}
