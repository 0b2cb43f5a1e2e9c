import type { BindingCoverage, ConformanceProfile, ProfileCoverage } from '@skill-service/contracts';
import type { CatalogSource } from './catalog-source.js';

export const PROFILES: readonly ConformanceProfile[] = ['experimental', 'standard', 'strict'];

/**
 * Which capabilities have an eligible binding at each conformance profile, asked once per
 * capability and profile (the registry and its bindings do not change for a catalog's life).
 */
export class CoverageCheck {
  private readonly cache = new Map<string, boolean>();

  constructor(private readonly source: Pick<CatalogSource, 'capabilities' | 'hasEligibleBinding'>) {}

  /** An unknown capability is never bound. */
  isBound(capabilityId: string, profile: ConformanceProfile): boolean {
    const key = `${profile} ${capabilityId}`;
    let bound = this.cache.get(key);
    if (bound === undefined) {
      const capability = this.source.capabilities.get(capabilityId)?.definition;
      bound = capability !== undefined && this.source.hasEligibleBinding(capability, profile);
      this.cache.set(key, bound);
    }
    return bound;
  }

  coverage(capabilityIds: Iterable<string>): BindingCoverage {
    const ids = [...capabilityIds].sort();
    const at = (profile: ConformanceProfile): ProfileCoverage => {
      const unbound = ids.filter((id) => !this.isBound(id, profile));
      return { covered: unbound.length === 0, unbound_capabilities: unbound };
    };
    return { experimental: at('experimental'), standard: at('standard'), strict: at('strict') };
  }
}
