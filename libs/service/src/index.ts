/**
 * @skill-service/service — the composition root and the one façade both apps call: it loads the
 * registry, builds the protocol providers, binding resolution, the engine and the async runs from
 * a `ServiceConfig`, and exposes the operations of the contract (`SkillService`) with their answer
 * shapes to the HTTP server, the tool bridge and the CLI. It also parses the settings those surfaces
 * share (`SERVICE_*` service and auth variables, install paths) from an environment the app hands
 * in: it never reads `process.env` and parses no flags.
 */
export type { SkillRunStream } from '@skill-service/engine';
export type { RunEvent } from '@skill-service/runs';
export {
  CONFIGURED_KEY_SUBJECT,
  authSettingsFromEnvironment,
  authSettingsOf,
  credential,
  type ApiKeyHash,
  type AuthEnvironment,
  type JwtEnvironment,
} from './auth-environment.js';
export { errorAnswer, type ErrorAnswer } from './error-answer.js';
export type { ExecutionContext } from './execution-context.js';
export { HealthCheck, HealthReport } from './health-report.js';
export { BUILTIN_REGISTRY_ROOT, REPO_ROOT, packageVersion, pythonWorkerScript } from './install-paths.js';
export { RunListQuery } from './run-list-query.js';
export type { ServiceConfig } from './service-config.js';
export {
  SERVICE_ENVIRONMENT_HELP,
  serviceConfigFromEnvironment,
  serviceConfigOf,
  serviceSettingsFromEnvironment,
  type ServiceSettings,
  type ServiceSettingsOptions,
} from './service-settings.js';
export { SettingParsers, readSetting, type Environment, type SettingParser } from './setting-parsers.js';
export type { ServiceObserver, ServiceSources, StepOutcome } from './service-observer.js';
export { createServiceRuntime, type ServiceRuntime } from './service-runtime.js';
// The catalog's answer shapes live in the contracts; re-exported for the apps that import them from here.
export { Pagination, SkillDescription, SkillList, SkillListQuery, SkillSummary } from '@skill-service/contracts';
export { SkillService, type SkillServiceOptions } from './skill-service.js';
