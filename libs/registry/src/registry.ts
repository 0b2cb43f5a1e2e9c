import type {
  BindingDefinition,
  CapabilityDefinition,
  SelectionPolicy,
  ServiceDescriptor,
  SkillDefinition,
} from '@skill-service/contracts';
import type { RegistryDiagnostic } from './registry-diagnostic.js';

export interface LoadedSkill {
  definition: SkillDefinition;
  /** From the path `skills/<channel>/<domain>/<slug>/skill.yaml` (`local` for the runtime overlay). */
  channel: string;
  domain: string;
  slug: string;
  /** Relative to its root, `/`-separated. */
  file: string;
}

export interface LoadedCapability {
  definition: CapabilityDefinition;
  file: string;
  /** `local`: from the runtime's `.agent-skills/capabilities/`, which overrides the registry. */
  origin: 'registry' | 'local';
}

/** Everything loaded from a registry root and a runtime root; every lookup by id is a Map lookup. */
export interface Registry {
  /** Only fully valid skills. */
  readonly skills: ReadonlyMap<string, LoadedSkill>;
  /** Skills with an id whose content or plan is invalid, with every diagnostic of their file. */
  readonly rejectedSkills: ReadonlyMap<string, RegistryDiagnostic[]>;
  readonly capabilities: ReadonlyMap<string, LoadedCapability>;
  readonly services: ReadonlyMap<string, ServiceDescriptor>;
  readonly bindings: ReadonlyMap<string, BindingDefinition>;
  /** Per capability, in load order (official, local, candidate; sorted paths within each). */
  readonly bindingsByCapability: ReadonlyMap<string, readonly BindingDefinition[]>;
  /** `defaults` from policies, `active` from the host overlay, `prefer` from policies (else []). */
  readonly policy: SelectionPolicy;
  readonly diagnostics: readonly RegistryDiagnostic[];
}

export interface LoadRegistryOptions {
  /** Holds `skills/` and `capabilities/`. */
  registryRoot: string;
  /** Holds `services/`, `bindings/`, `policies/`, `skills/local/` and `.agent-skills/`; omitted: none. */
  runtimeRoot?: string;
  /** Larger files are refused unread (default 1 MiB). */
  maxFileBytes?: number;
}
