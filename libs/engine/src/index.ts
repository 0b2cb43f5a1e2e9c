/**
 * @skill-service/engine — runs skills and capabilities against definitions it reads through the
 * `DefinitionSource` port and capabilities it calls through the `CapabilityInvoker` port:
 * validation, DAG scheduling with data edges, control flow (retry, timeout, foreach, while,
 * router, scatter, nested skills), safety gates, live events and a hash-chained audit record.
 * Pure library: no HTTP, no stdio, no environment.
 */
export * from './audit/index.js';
export { SkillEngine } from './skill-engine.js';
export type { SkillEngineConfig } from './skill-engine-config.js';
export type { DefinitionProblem, DefinitionSource } from './definition-source.js';
export type { ExecuteCapabilityOptions, RunSkillOptions } from './run-options.js';
export { validateRunOptions } from './validate-run-options.js';
export { validateSkillRequest } from './validate-skill-request.js';
export { SkillExecutionError, type SkillExecutionErrorOptions } from './skill-execution-error.js';
export { RunCancelledError } from './errors/run-cancelled-error.js';
export type { SkillRunStream } from './events/skill-run-stream.js';
export type { Sleep } from './execution/sleep.js';
