/**
 * @skill-service/runs — async runs of the contract behind two ports: a run store (records, capped
 * at SERVICE_MAX_RUNS with FIFO eviction, an evicted unfinished run cancelled) and a run queue
 * (serialisable jobs taken by SERVICE_ASYNC_WORKERS workers). The in-memory adapters are the
 * embedded default; a shared adapter makes every process of a deployment one. Pure domain: it
 * runs whatever handler it is given and reads no environment; the service supplies the execution.
 */
export { MemoryRunQueue } from './memory-run-queue.js';
export { MemoryRunStore } from './memory-run-store.js';
export type { RunExecutionOptions, RunHandler, RunJobData, RunRequest } from './run-job.js';
export { DEFAULT_RUN_LIST_LIMIT, MAX_RUN_LIST_LIMIT, RunManager, type RunManagerOptions, type RunStats } from './run-manager.js';
export { RunMessages } from './run-messages.js';
export { retryWhileUnavailable } from './retry-while-unavailable.js';
export { RunHandedBack, type RunProcessor, type RunQueue, type RunQueueStats, type RunState } from './run-queue-port.js';
export { DEFAULT_MAX_RUN_RESULT_BYTES, runResultBytes } from './run-result-size.js';
export type { RunCounts, RunOutcome, RunStore } from './run-store-port.js';
export { cancelledOnRequest } from './run-cancel.js';
export { MemoryRunEventLog } from './memory-run-event-log.js';
export { DEFAULT_MAX_RUN_EVENTS, type NewRunEvent, type RunEvent, type RunEventLog } from './run-event-log-port.js';
export type { TrackedRun } from './run-manager.js';
