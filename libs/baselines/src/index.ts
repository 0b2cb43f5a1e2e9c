/**
 * @skill-service/baselines — the built-in capabilities: 32 deterministic operations on text, data,
 * tables, web pages, personal data, policies, code diffs and decisions, as pure functions with
 * JSON Schemas for their inputs and outputs. Every input is bounded and checked before any work,
 * so no input can crash or stall them. The only I/O (page fetches) goes through a port.
 */
export type { BuiltinCapability, CapabilityPorts, JsonSchema } from './builtin-capability.js';
export { BUILTIN_CAPABILITIES } from './builtin-capabilities.js';
export type { FetchedPage, PageFetcher, PageFetchOptions } from './page-fetcher.js';
export { schemaDraft, type SchemaDraft } from './schema/schema-draft.js';
