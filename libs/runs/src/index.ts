/**
 * @skill-service/runs — async runs of the contract: an in-memory store of run records capped at
 * SERVICE_MAX_RUNS with FIFO eviction (an evicted unfinished run is cancelled), and a worker pool
 * of SERVICE_ASYNC_WORKERS that executes launched runs. Pure domain: it runs whatever job it is
 * given and reads no environment; the service façade supplies the skill execution.
 */
export { DEFAULT_RUN_LIST_LIMIT, MAX_RUN_LIST_LIMIT, RunManager, type RunJob, type RunManagerOptions, type RunStats } from './run-manager.js';
