/**
 * @skill-service/skill-language — the small languages inside skill files, shared by the registry
 * (load-time checks) and the engine (execution): references into the run state (`vars.x.y`), the
 * condition expression language of `condition`, `foreach`, `while` and `router`, and step-plan
 * analysis (data edges, cycles, unwritten reads). Pure functions; no I/O.
 */
export * from './references/index.js';
export * from './expression/index.js';
export * from './plan/index.js';
