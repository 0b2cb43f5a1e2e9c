import type { ServiceDescriptor } from '@skill-service/contracts';
import type { SourceFile } from '../io/source-file.js';
import { normalizeService } from '../normalize/normalize-service.js';
import { isMapping, typeName } from '../normalize/raw-value.js';
import type { Reporter } from '../reporter.js';
import type { LoadContext } from './load-context.js';

/**
 * `services/official/*.yaml` (one per file) then the host's `.agent-skills/services.yaml`
 * (`services: {id: {...}}`). A second service with an id already loaded is an error and is dropped.
 */
export async function loadServices(
  context: LoadContext,
  files: readonly SourceFile[],
  localFile: SourceFile | undefined,
): Promise<Map<string, ServiceDescriptor>> {
  const [official, [local]] = await Promise.all([
    context.readAll(files),
    context.readAll(localFile === undefined ? [] : [localFile], { emptySeverity: 'warning' }),
  ]);
  const services = new Map<string, ServiceDescriptor>();
  const add = (service: ServiceDescriptor, reporter: Reporter, idPath: (string | number)[]): void => {
    if (services.has(service.id)) reporter.error(idPath, 'duplicate_id', `service "${service.id}" is already defined`);
    else services.set(service.id, service);
  };
  for (const { reporter, value } of official) {
    if (value === undefined) continue;
    const normalized = normalizeService(value, reporter, { base: [] });
    if (normalized !== undefined) add(normalized.service, reporter, [...normalized.paths.resolve(['id'])]);
  }
  if (local !== undefined && local.value !== undefined) {
    const entries = isMapping(local.value) ? local.value.services : undefined;
    if (!isMapping(local.value)) {
      local.reporter.error([], 'wrong_type', `expected a mapping with "services:", got ${typeName(local.value)}`);
    } else if (!isMapping(entries)) {
      const code = entries === undefined ? 'missing_field' : 'wrong_type';
      local.reporter.error(['services'], code, `expected "services:" mapping service ids to descriptors, got ${typeName(entries)}`);
    } else {
      for (const [id, raw] of Object.entries(entries)) {
        // One reporter per entry: a bad service is dropped without taking its neighbours with it.
        const reporter = context.reporterFor(local.file);
        const normalized = normalizeService(raw, reporter, { base: ['services', id], idFromKey: id });
        if (normalized !== undefined) add(normalized.service, reporter, ['services', id]);
      }
    }
  }
  return services;
}
