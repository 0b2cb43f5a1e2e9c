/** The errors a run record may end with for reasons outside its skill, worded once for every adapter. */
export const RunMessages = {
  /** A draining process cancelled the run (the drain time ran out, or it had not started). */
  shutDown: 'Run cancelled: the service shut down before it finished',
  /** The oldest records beyond SERVICE_MAX_RUNS are evicted; an unfinished one is cancelled. */
  evicted: 'Run cancelled: evicted by newer runs (SERVICE_MAX_RUNS)',
  /** New launches once the manager is closing. */
  closing: 'The service is shutting down; no new runs are accepted',
  /** The worker executing the run stopped (killed, crashed, lost its connection) too often. */
  workerDied: (attempts: number): string =>
    `Run failed: its worker died before it finished (the process executing it stopped or lost its connection), after ${attempts} attempt${attempts === 1 ? '' : 's'}`,
  /** A shared queue no longer holds the job of a run still recorded as running (e.g. Redis lost its data). */
  jobLost: 'Run failed: its queued job was lost (the shared queue no longer holds it, e.g. Redis restarted without its data); it was not started again',
  /** The queue failed the run's job for a reason of its own. */
  queueFailed: (reason: string): string => `Run failed: the run queue gave up on it (${reason})`,
  /** The result was refused rather than truncated. */
  resultTooLarge: (bytes: number, limit: number): string =>
    `Run failed: its result is ${bytes} bytes, over the ${limit}-byte limit (SERVICE_MAX_RUN_RESULT_BYTES); it was not stored`,
  /** Cancelled on request (POST /v1/runs/{run_id}/cancel, or a task cancelled over MCP). */
  cancelled: 'Run cancelled',
} as const;
