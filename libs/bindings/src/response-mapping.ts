import { ServiceError } from '@skill-service/contracts';
import { resolvePath } from '@skill-service/skill-language';

/**
 * Maps a provider's raw answer to capability outputs: `response.<path>` walks the answer, any
 * other value is a constant. Two compatibility rules that existing bindings rely on are kept: a
 * missing final `output` segment yields its parent and a missing final `warnings` yields [].
 * Without a mapping the raw answer itself is the output.
 */
export function mapResponse(mapping: Record<string, unknown> | undefined, raw: unknown, bindingId: string): unknown {
  if (mapping === undefined) return raw;
  const output: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(mapping)) {
    if (typeof spec !== 'string' || (spec !== 'response' && !spec.startsWith('response.'))) {
      output[name] = spec;
      continue;
    }
    const segments = spec === 'response' ? [] : spec.slice('response.'.length).split('.');
    const found = resolvePath(raw, segments);
    if (found.found) {
      output[name] = found.value;
      continue;
    }
    const last = segments[segments.length - 1];
    if (last === 'output') {
      const parent = resolvePath(raw, segments.slice(0, -1));
      if (parent.found) {
        output[name] = parent.value;
        continue;
      }
    } else if (last === 'warnings') {
      output[name] = [];
      continue;
    }
    throw new ServiceError('upstream_failure', `Binding '${bindingId}': the provider's answer has no '${spec}' for output '${name}'.`);
  }
  return output;
}
