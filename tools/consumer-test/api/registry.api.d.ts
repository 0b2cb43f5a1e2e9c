// API report of @skill-service/registry: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export type { LoadRegistryOptions, LoadedCapability, LoadedSkill, Registry } from "./registry.js";
export { formatDiagnostic, hasErrors, type DiagnosticRoot, type RegistryDiagnostic } from "./registry-diagnostic.js";
export { DEFAULT_MAX_FILE_BYTES, loadRegistry } from "./load/load-registry.js";

// ---- load/load-registry.d.ts
import type { LoadRegistryOptions, Registry } from "../registry.js";
export declare const DEFAULT_MAX_FILE_BYTES: number;
export declare function loadRegistry(options: LoadRegistryOptions): Promise<Registry>;

// ---- registry-diagnostic.d.ts
export type DiagnosticRoot = "registry" | "runtime";
export interface RegistryDiagnostic {
    file: string;
    path: string;
    code: string;
    message: string;
    severity: "error" | "warning";
    root: DiagnosticRoot;
    suggestion?: string;
}
export declare function formatDiagnostic(diagnostic: RegistryDiagnostic): string;
export declare function hasErrors(source: {
    readonly diagnostics: readonly RegistryDiagnostic[];
}): boolean;

// ---- registry.d.ts
import type { BindingDefinition, CapabilityDefinition, SelectionPolicy, ServiceDescriptor, SkillDefinition } from "@skill-service/contracts";
import type { RegistryDiagnostic } from "./registry-diagnostic.js";
export interface LoadedSkill {
    definition: SkillDefinition;
    channel: string;
    domain: string;
    slug: string;
    file: string;
}
export interface LoadedCapability {
    definition: CapabilityDefinition;
    file: string;
    origin: "registry" | "local";
}
export interface Registry {
    readonly skills: ReadonlyMap<string, LoadedSkill>;
    readonly rejectedSkills: ReadonlyMap<string, RegistryDiagnostic[]>;
    readonly capabilities: ReadonlyMap<string, LoadedCapability>;
    readonly services: ReadonlyMap<string, ServiceDescriptor>;
    readonly bindings: ReadonlyMap<string, BindingDefinition>;
    readonly bindingsByCapability: ReadonlyMap<string, readonly BindingDefinition[]>;
    readonly policy: SelectionPolicy;
    readonly diagnostics: readonly RegistryDiagnostic[];
}
export interface LoadRegistryOptions {
    registryRoot: string;
    runtimeRoot?: string;
    maxFileBytes?: number;
}
