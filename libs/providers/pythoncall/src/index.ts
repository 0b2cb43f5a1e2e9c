/**
 * @skill-service/provider-pythoncall — the `pythoncall` protocol adapter: calls a function of an
 * allow-listed Python module with the binding's request as keyword arguments, in a pool of
 * persistent python3 workers speaking JSON lines (python/skill_worker.py). It implements the
 * `ProtocolProvider` port of @skill-service/bindings; the app passes it env-derived options.
 */
export { PythonCallProvider, type PythonCallHealthDetails } from './pythoncall-provider.js';
export type { PythonCallLogEntry, PythonCallOptions } from './pythoncall-options.js';
export { BLOCKED_MODULES, DEFAULT_ALLOWED_MODULE_PREFIXES } from './module-policy.js';
export { WORKER_SCRIPT_PATH } from './worker-script.js';
