// The repository's own registry/, services/ and bindings/ under every rule `skills validate` applies:
// not one error and not one warning, so a slip in a built-in file fails here before anything runs.
import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { formatDiagnostic } from '../registry-diagnostic.js';
import { loadRegistry } from './load-registry.js';

const CHECKOUT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('the built-in registry', () => {
  it('validates with 0 errors and 0 warnings, every skill and capability served', async () => {
    const registry = await loadRegistry({ registryRoot: `${CHECKOUT}registry`, runtimeRoot: CHECKOUT });
    expect(registry.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(registry.rejectedSkills.size).toBe(0);
    expect(registry.skills.size).toBeGreaterThanOrEqual(15);
    for (const id of registry.capabilities.keys()) expect([id, registry.bindingsByCapability.get(id)?.length ?? 0]).not.toEqual([id, 0]);
  });

  it('validates on its own terms without a runtime root too', async () => {
    const registry = await loadRegistry({ registryRoot: `${CHECKOUT}registry` });
    expect(registry.diagnostics.map(formatDiagnostic)).toEqual([]);
  });
});
