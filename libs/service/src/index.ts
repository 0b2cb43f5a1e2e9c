/**
 * @skill-service/service — the composition root and the one façade both apps call: it loads the
 * registry, builds the protocol providers, binding resolution, the engine and the async runs from
 * a `ServiceConfig`, and exposes the operations of the contract (`SkillService`) with their answer
 * shapes to the HTTP server, the tool bridge and the CLI. It parses no flags and reads no environment.
 */
export type { SkillRunStream } from '@skill-service/engine';
export { errorAnswer, type ErrorAnswer } from './error-answer.js';
export type { ExecutionContext } from './execution-context.js';
export { HealthCheck, HealthReport } from './health-report.js';
export { RunListQuery } from './run-list-query.js';
export type { ServiceConfig } from './service-config.js';
export { createServiceRuntime, type ServiceRuntime } from './service-runtime.js';
export { SkillDescription } from './skill-description.js';
export { Pagination, SkillList, SkillListQuery } from './skill-list.js';
export { SkillService, type SkillServiceOptions } from './skill-service.js';
export { SkillSummary } from './skill-summary.js';
