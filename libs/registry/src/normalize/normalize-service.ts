import { ServiceDescriptor } from '@skill-service/contracts';
import { reportUnknownKeys } from '../checks/unknown-keys.js';
import type { Reporter } from '../reporter.js';
import type { FieldPath } from './field-path.js';
import { pickAlias } from './pick-alias.js';
import { hasKey, isMapping, typeName } from './raw-value.js';
import { explainProtocol, validateAgainst } from './schema-issues.js';
import { SourcePaths } from './source-paths.js';

const ALIASES = { protocol: 'protocol, type or kind', base_url: 'base_url or baseUrl' };

export interface ServiceSource {
  /** Where the entity sits in its file: `[]` for one-per-file, `['services', id]` in services.yaml. */
  readonly base: FieldPath;
  /** services.yaml keys each service by id; the key is its id. */
  readonly idFromKey?: string;
}

/**
 * Reads a service descriptor in any accepted spelling (docs/providers.md)
 * and returns its canonical form, or undefined (with diagnostics) when it cannot be used.
 */
export function normalizeService(
  raw: unknown,
  reporter: Reporter,
  source: ServiceSource,
): { service: ServiceDescriptor; paths: SourcePaths } | undefined {
  const paths = new SourcePaths(source.base);
  if (!isMapping(raw)) {
    reporter.error(source.base, 'wrong_type', `a service must be a mapping, got ${typeName(raw)}`);
    return undefined;
  }
  reportUnknownKeys(ServiceDescriptor, raw, source.base, reporter, 'service field', {
    aliases: { type: 'protocol', kind: 'protocol', baseUrl: 'base_url', timeout: 'timeout_seconds', spec_ref: 'spec_path' },
    // `spec: {path}` is read below.
    handledElsewhere: ['spec'],
  });
  const metadata = isMapping(raw.metadata) ? raw.metadata : undefined;
  const candidate: Record<string, unknown> = {
    id: raw.id,
    auth: raw.auth,
    status: raw.status,
    command: raw.command,
    args: raw.args,
    server: raw.server,
    module: raw.module,
    env: raw.env,
    metadata: raw.metadata,
  };
  if (source.idFromKey !== undefined) {
    if (raw.id !== undefined && raw.id !== source.idFromKey) {
      reporter.error(paths.inFile(['id']), 'id_mismatch', `id "${String(raw.id)}" differs from its key "${source.idFromKey}"`);
    }
    candidate.id = source.idFromKey;
    paths.move(['id'], []);
  }

  candidate.protocol = pickAlias(raw, ['protocol', 'type', 'kind'], ['protocol'], reporter, paths);

  const baseUrl = pickAlias(raw, ['base_url', 'baseUrl'], ['base_url'], reporter, paths);
  candidate.base_url = typeof baseUrl === 'string' ? baseUrl.replace(/\/+$/, '') : baseUrl;

  candidate.timeout_seconds = pickAlias(raw, ['timeout_seconds', 'timeout'], ['timeout_seconds'], reporter, paths);
  if (candidate.timeout_seconds === undefined && metadata !== undefined) {
    candidate.timeout_seconds = pickAlias(metadata, ['timeout_seconds'], ['timeout_seconds'], reporter, paths, ['metadata']);
  }

  candidate.spec_path = pickAlias(raw, ['spec_path', 'spec_ref'], ['spec_path'], reporter, paths);
  if (candidate.spec_path === undefined && hasKey(raw, 'spec')) {
    if (isMapping(raw.spec)) candidate.spec_path = pickAlias(raw.spec, ['path'], ['spec_path'], reporter, paths, ['spec']);
    else reporter.error(paths.inFile(['spec']), 'wrong_type', `expected a mapping with "path", got ${typeName(raw.spec)}`);
  }

  // metadata.headers (where existing descriptors keep them) first, top-level headers win over them.
  const headers: Record<string, unknown> = {};
  for (const [within, value] of [
    [['metadata', 'headers'], metadata?.headers],
    [['headers'], raw.headers],
  ] as const) {
    if (value === undefined) continue;
    if (!isMapping(value)) {
      reporter.error(paths.inFile(within), 'wrong_type', `expected a mapping of header names to values, got ${typeName(value)}`);
      continue;
    }
    for (const [name, header] of Object.entries(value)) {
      headers[name] = header;
      paths.move(['headers', name], [...within, name]);
    }
  }
  candidate.headers = headers;

  const service = validateAgainst(ServiceDescriptor, candidate, reporter, paths, {
    aliases: ALIASES,
    explain: explainProtocol,
  });
  if (service === undefined || reporter.hasErrors) return undefined;
  return checkProtocolFields(service, reporter, paths) ? { service, paths } : undefined;
}

/** The fields each protocol needs to be invoked at all. */
function checkProtocolFields(service: ServiceDescriptor, reporter: Reporter, paths: SourcePaths): boolean {
  switch (service.protocol) {
    case 'pythoncall':
      if (service.module !== undefined) return true;
      reporter.error(paths.inFile(['module']), 'missing_field', 'a pythoncall service needs "module" (the Python module to call)');
      return false;
    case 'mcp':
      if (service.server !== undefined || service.command !== undefined) return true;
      reporter.error(paths.inFile(['server']), 'missing_field', 'an mcp service needs "server" (in-process) or "command" (stdio)');
      return false;
    case 'openapi':
    case 'openrpc':
      // Loaded, so a tree with one unfinished service still serves the rest; warned about now, not at call time.
      if (service.base_url === undefined) {
        reporter.warning(paths.inFile(['base_url']), 'missing_field', `an ${service.protocol} service without "base_url" cannot be invoked`);
      }
      return true;
  }
}
