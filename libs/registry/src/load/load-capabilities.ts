import type { SourceFile } from '../io/source-file.js';
import { normalizeCapability } from '../normalize/normalize-capability.js';
import type { LoadedCapability } from '../registry.js';
import type { Reporter } from '../reporter.js';
import type { LoadContext } from './load-context.js';

/**
 * Registry capabilities, then the host's local ones, which replace a registry capability of the
 * same id (a host adapts a shared registry without forking it). Two files of one origin with the same id: the first in path order wins.
 */
export async function loadCapabilities(
  context: LoadContext,
  registryFiles: readonly SourceFile[],
  localFiles: readonly SourceFile[],
): Promise<Map<string, LoadedCapability>> {
  const [registry, local] = await Promise.all([context.readAll(registryFiles), context.readAll(localFiles)]);
  const capabilities = new Map<string, LoadedCapability>();
  const reporters = new Map<string, Reporter>();
  for (const [origin, results] of [
    ['registry', registry],
    ['local', local],
  ] as const) {
    const seen = new Set<string>();
    for (const { file, reporter, value } of results) {
      if (value === undefined) continue;
      const definition = normalizeCapability(value, reporter);
      if (definition === undefined) continue;
      if (seen.has(definition.id)) {
        reporter.error(['id'], 'duplicate_id', `capability "${definition.id}" is already defined by ${capabilities.get(definition.id)?.file ?? 'another file'}`);
        continue;
      }
      seen.add(definition.id);
      capabilities.set(definition.id, { definition, file: file.file, origin });
      reporters.set(definition.id, reporter);
    }
  }
  checkCapabilityReferences(capabilities, reporters);
  return capabilities;
}

/** Gates and replacements naming unknown capabilities: warnings, the capability itself is usable. */
function checkCapabilityReferences(capabilities: ReadonlyMap<string, LoadedCapability>, reporters: ReadonlyMap<string, Reporter>): void {
  for (const [id, { definition }] of capabilities) {
    const reporter = reporters.get(id);
    if (reporter === undefined) continue;
    if (definition.replacement !== undefined && !capabilities.has(definition.replacement)) {
      reporter.warning(['replacement'], 'unknown_capability', `replacement "${definition.replacement}" is not a known capability`);
    }
    for (const list of ['mandatory_pre_gates', 'mandatory_post_gates'] as const) {
      (definition.safety?.[list] ?? []).forEach((gate, index) => {
        if (!capabilities.has(gate.capability)) {
          reporter.warning(
            ['safety', list, index],
            'unknown_capability',
            `gate "${gate.capability}" is not a known capability: steps using "${id}" will fail their safety check`,
          );
        }
      });
    }
  }
}
