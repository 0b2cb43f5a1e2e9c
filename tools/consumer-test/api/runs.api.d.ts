// API report of @skill-service/runs: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { DEFAULT_RUN_LIST_LIMIT, MAX_RUN_LIST_LIMIT, RunManager, type RunJob, type RunManagerOptions, type RunStats } from "./run-manager.js";

// ---- run-manager.d.ts
import { type ExecutionResult, type RunLaunch, type RunRecord } from "@skill-service/contracts";
export type RunJob = (signal: AbortSignal) => Promise<ExecutionResult>;
export interface RunManagerOptions {
    readonly workers: number;
    readonly maxRuns: number;
    readonly now?: () => Date;
    readonly newId?: () => string;
}
export interface RunStats {
    readonly stored: number;
    readonly capacity: number;
    readonly running: number;
    readonly executing: number;
    readonly queued: number;
    readonly workers: number;
    readonly closed: boolean;
}
export declare const DEFAULT_RUN_LIST_LIMIT = 100;
export declare const MAX_RUN_LIST_LIMIT = 1000;
export declare class RunManager {
    private readonly store;
    private readonly pool;
    private readonly now;
    private readonly newId;
    private readonly settling;
    private closed;
    constructor(options: RunManagerOptions);
    launch(skillId: string, traceId: string, job: RunJob): RunLaunch;
    get(runId: string): RunRecord;
    list(limit?: number): RunRecord[];
    stats(): RunStats;
    close(): Promise<void>;
    private execute;
    private finish;
}
