/**
 * @skill-service/registry — reads a skill registry and a runtime tree from disk (the registry
 * layout and every spelling people write), normalises each file into the contracts' canonical
 * shapes and cross-checks them: services, bindings, policies, capabilities and skill plans. Bad
 * files become diagnostics (file, field, code) while every good file still loads.
 */
export type { LoadRegistryOptions, LoadedCapability, LoadedSkill, Registry } from './registry.js';
export { formatDiagnostic, hasErrors, type DiagnosticRoot, type RegistryDiagnostic } from './registry-diagnostic.js';
export { DEFAULT_MAX_FILE_BYTES, loadRegistry } from './load/load-registry.js';
