// API report of @skill-service/engine: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export * from "./audit/index.js";
export { SkillEngine } from "./skill-engine.js";
export type { SkillEngineConfig } from "./skill-engine-config.js";
export type { DefinitionProblem, DefinitionSource } from "./definition-source.js";
export type { ExecuteCapabilityOptions, RunSkillOptions } from "./run-options.js";
export { validateRunOptions } from "./validate-run-options.js";
export { validateSkillRequest } from "./validate-skill-request.js";
export { SkillExecutionError, type SkillExecutionErrorOptions } from "./skill-execution-error.js";
export { RunCancelledError } from "./errors/run-cancelled-error.js";
export type { SkillRunStream } from "./events/skill-run-stream.js";
export type { Sleep } from "./execution/sleep.js";

// ---- audit/audit-limits.d.ts
export declare const DEFAULT_AUDIT_MAX_STRING = 2048;
export declare const DEFAULT_AUDIT_MAX_ITEMS = 100;
export declare const DEFAULT_AUDIT_MAX_DEPTH = 32;
export declare const MAX_AUDIT_ERROR_MESSAGE = 2048;

// ---- audit/audit-record.d.ts
import type { AuditMode } from "@skill-service/contracts";
export declare const AUDIT_SCHEMA_VERSION = "1.0";
export type AuditRecordMode = Exclude<AuditMode, "off">;
export interface AuditErrorRecord {
    readonly code: string;
    readonly message: string;
}
export interface AuditStepRecord {
    readonly id: string;
    readonly uses: string;
    readonly status: "completed" | "failed" | "skipped" | "degraded";
    readonly duration_ms: number;
    readonly binding_id: string | null;
    readonly service_id: string | null;
    readonly attempts: number | null;
    readonly fallback_used: boolean | null;
    readonly conformance_profile: string | null;
    readonly input_hash: string | null;
    readonly output_hash: string | null;
    readonly error: AuditErrorRecord | null;
    readonly input?: unknown;
    readonly output?: unknown;
}
export interface AuditRecord {
    readonly schema_version: typeof AUDIT_SCHEMA_VERSION;
    readonly mode: AuditRecordMode;
    readonly trace_id: string;
    readonly skill_id: string;
    readonly status: "completed" | "failed";
    readonly channel: string;
    readonly depth: number;
    readonly parent_skill_id: string | null;
    readonly lineage: readonly string[];
    readonly started_at: string;
    readonly finished_at: string;
    readonly duration_ms: number;
    readonly required_conformance_profile: string | null;
    readonly input_hash: string;
    readonly output_hash: string | null;
    readonly steps: readonly AuditStepRecord[];
    readonly error: AuditErrorRecord | null;
    readonly inputs?: unknown;
    readonly outputs?: unknown;
}
export interface SealedAuditRecord extends AuditRecord {
    readonly _prev_hash: string;
    readonly _record_hash: string;
    readonly _record_hmac?: string;
}

// ---- audit/audit-run-summary.d.ts
import type { AuditMode } from "@skill-service/contracts";
export interface AuditStepSummary {
    readonly id: string;
    readonly uses: string;
    readonly status: "completed" | "failed" | "skipped" | "degraded";
    readonly durationMs: number;
    readonly bindingId?: string;
    readonly serviceId?: string;
    readonly attempts?: number;
    readonly fallbackUsed?: boolean;
    readonly conformanceProfile?: string;
    readonly input?: unknown;
    readonly output?: unknown;
    readonly error?: {
        readonly code: string;
        readonly message: string;
    };
}
export interface AuditRunSummary {
    readonly traceId: string;
    readonly skillId: string;
    readonly status: "completed" | "failed";
    readonly channel: string;
    readonly depth: number;
    readonly parentSkillId: string | null;
    readonly lineage: readonly string[];
    readonly startedAt: Date;
    readonly finishedAt: Date;
    readonly requiredConformanceProfile: string | null;
    readonly inputs: Record<string, unknown>;
    readonly outputs: Record<string, unknown> | null;
    readonly steps: readonly AuditStepSummary[];
    readonly error: {
        readonly code: string;
        readonly message: string;
    } | null;
}
export interface AuditRecorder {
    record(summary: AuditRunSummary, mode: Exclude<AuditMode, "off">): Promise<void>;
}

// ---- audit/audit-store.d.ts
export interface AuditStore {
    readLastRecord(): Promise<Record<string, unknown> | null>;
    append(line: string): Promise<void>;
}

// ---- audit/build-audit-record.d.ts
import type { AuditRunSummary } from "./audit-run-summary.js";
import { type AuditRecord, type AuditRecordMode } from "./audit-record.js";
export interface AuditRecordOptions {
    readonly redactKeys?: Iterable<string>;
    readonly maxString?: number;
    readonly maxItems?: number;
    readonly maxDepth?: number;
}
export declare function buildAuditRecord(summary: AuditRunSummary, mode: AuditRecordMode, options?: AuditRecordOptions): AuditRecord;

// ---- audit/hash-chain-audit-recorder.d.ts
import type { AuditRecorder, AuditRunSummary } from "./audit-run-summary.js";
import type { AuditRecordMode } from "./audit-record.js";
import type { AuditStore } from "./audit-store.js";
import { type AuditRecordOptions } from "./build-audit-record.js";
import { type AuditHmacKey } from "./seal-audit-record.js";
export type AuditFailureStage = "build" | "resume" | "append";
export interface AuditFailure {
    readonly stage: AuditFailureStage;
    readonly traceId: string;
    readonly skillId: string;
}
export interface HashChainAuditRecorderOptions extends AuditRecordOptions {
    readonly store: AuditStore;
    readonly hmacKey?: AuditHmacKey;
    readonly onError?: (error: unknown, failure: AuditFailure) => void;
}
export declare class HashChainAuditRecorder implements AuditRecorder {
    private readonly store;
    private readonly hmacKey;
    private readonly onError;
    private readonly recordOptions;
    private lastHash;
    private queue;
    constructor(options: HashChainAuditRecorderOptions);
    record(summary: AuditRunSummary, mode: AuditRecordMode): Promise<void>;
    flush(): Promise<void>;
    private append;
    private resume;
    private report;
}

// ---- audit/index.d.ts
export type { AuditRecorder, AuditRunSummary, AuditStepSummary } from "./audit-run-summary.js";
export type { AuditErrorRecord, AuditRecord, AuditRecordMode, AuditStepRecord, SealedAuditRecord, } from "./audit-record.js";
export { AUDIT_SCHEMA_VERSION } from "./audit-record.js";
export { DEFAULT_AUDIT_MAX_DEPTH, DEFAULT_AUDIT_MAX_ITEMS, DEFAULT_AUDIT_MAX_STRING, MAX_AUDIT_ERROR_MESSAGE, } from "./audit-limits.js";
export { CanonicalJsonError, canonicalJson, type CanonicalJsonErrorReason, type CanonicalJsonOptions } from "@skill-service/util";
export { sha256Hex, sha256Of } from "./sha256-of.js";
export { DEFAULT_REDACT_KEYS, REDACTED, redactKeyMatcher, type RedactKeyMatcher } from "./redact-keys.js";
export { CIRCULAR_MARKER, MAX_DEPTH_MARKER, TRUNCATED_KEYS_MARKER, capString, sanitizeForAudit, type SanitizeLimits, } from "./sanitize-for-audit.js";
export { buildAuditRecord, type AuditRecordOptions } from "./build-audit-record.js";
export { AUDIT_GENESIS_HASH, auditRecordBody, auditRecordHash, auditRecordHmac, sealAuditRecord, type AuditHmacKey, } from "./seal-audit-record.js";
export { verifyAuditChain, type AuditChainBreakReason, type AuditChainVerification, type VerifyAuditChainOptions, } from "./verify-audit-chain.js";
export type { AuditStore } from "./audit-store.js";
export { HashChainAuditRecorder, type AuditFailure, type AuditFailureStage, type HashChainAuditRecorderOptions, } from "./hash-chain-audit-recorder.js";

// ---- audit/redact-keys.d.ts
export declare const DEFAULT_REDACT_KEYS: readonly string[];
export declare const REDACTED = "[REDACTED]";
export interface RedactKeyMatcher {
    (key: string): boolean;
}
export declare function redactKeyMatcher(keys?: Iterable<string>): RedactKeyMatcher;

// ---- audit/sanitize-for-audit.d.ts
import { type RedactKeyMatcher } from "./redact-keys.js";
export declare const CIRCULAR_MARKER = "[CIRCULAR]";
export declare const MAX_DEPTH_MARKER = "[MAX_DEPTH]";
export declare const TRUNCATED_KEYS_MARKER = "[truncated]";
export interface SanitizeLimits {
    readonly redact: RedactKeyMatcher;
    readonly maxString: number;
    readonly maxItems: number;
    readonly maxDepth: number;
}
export declare function sanitizeForAudit(value: unknown, limits: SanitizeLimits): unknown;
export declare function capString(text: string, max: number): string;

// ---- audit/seal-audit-record.d.ts
import type { AuditRecord, SealedAuditRecord } from "./audit-record.js";
export declare const AUDIT_GENESIS_HASH = "genesis";
export type AuditHmacKey = string | Uint8Array;
export declare function auditRecordBody(record: Readonly<Record<string, unknown>>): string;
export declare function auditRecordHash(record: Readonly<Record<string, unknown>>): string;
export declare function auditRecordHmac(record: Readonly<Record<string, unknown>>, key: AuditHmacKey): string;
export declare function hasHmacKey(key: AuditHmacKey | undefined): key is AuditHmacKey;
export declare function sealAuditRecord(record: AuditRecord, prevHash: string, hmacKey?: AuditHmacKey): SealedAuditRecord;

// ---- audit/sha256-of.d.ts
export declare function sha256Hex(text: string): string;
export declare function sha256Of(value: unknown): string;

// ---- audit/verify-audit-chain.d.ts
import { type AuditHmacKey } from "./seal-audit-record.js";
export type AuditChainBreakReason = "not_a_record" | "missing_chain_fields" | "prev_hash_mismatch" | "record_hash_mismatch" | "hmac_missing" | "hmac_mismatch" | "unhashable";
export type AuditChainVerification = {
    readonly ok: true;
    readonly count: number;
    readonly lastHash: string | null;
} | {
    readonly ok: false;
    readonly count: number;
    readonly brokenIndex: number;
    readonly reason: AuditChainBreakReason;
    readonly message: string;
};
export interface VerifyAuditChainOptions {
    readonly hmacKey?: AuditHmacKey;
    readonly anchor?: string | null;
}
export declare function verifyAuditChain(records: Iterable<unknown>, options?: VerifyAuditChainOptions): AuditChainVerification;

// ---- definition-source.d.ts
import type { CapabilityDefinition, SkillDefinition } from "@skill-service/contracts";
export interface DefinitionProblem {
    readonly path: string;
    readonly code: string;
    readonly message: string;
}
export interface DefinitionSource {
    getSkill(id: string): SkillDefinition | undefined;
    getSkillProblems(id: string): readonly DefinitionProblem[] | undefined;
    getCapability(id: string): CapabilityDefinition | undefined;
}

// ---- errors/run-cancelled-error.d.ts
import { ServiceError } from "@skill-service/contracts";
export declare class RunCancelledError extends ServiceError {
    constructor();
}

// ---- events/skill-run-stream.d.ts
import type { ExecutionResult, StreamEvent } from "@skill-service/contracts";
export interface SkillRunStream extends AsyncIterable<StreamEvent> {
    readonly result: Promise<ExecutionResult>;
}

// ---- execution/engine-runtime.d.ts
import type { AuditMode, CapabilityInvoker } from "@skill-service/contracts";
import type { AuditRecorder } from "../audit/audit-run-summary.js";
import type { DefinitionSource } from "../definition-source.js";
import type { Sleep } from "./sleep.js";
export interface EngineRuntime {
    readonly definitions: DefinitionSource;
    readonly invoker: CapabilityInvoker;
    readonly audit: AuditRecorder | undefined;
    readonly maxConcurrentSteps: number;
    readonly maxSkillDepth: number;
    readonly defaultTimeoutMs: number;
    readonly maxTrustRank: number;
    readonly defaultAuditMode: AuditMode;
    readonly now: () => Date;
    readonly sleep: Sleep;
    readonly maxOutputBytes: number;
}

// ---- execution/sleep.d.ts
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

// ---- run-options.d.ts
import type { AuditMode, ConformanceProfile, StreamEvent } from "@skill-service/contracts";
export interface RunSkillOptions {
    readonly traceId?: string;
    readonly channel?: string;
    readonly requiredConformanceProfile?: ConformanceProfile;
    readonly auditMode?: AuditMode;
    readonly includeTrace?: boolean;
    readonly confirmedCapabilities?: readonly string[];
    readonly signal?: AbortSignal;
    readonly onEvent?: (event: StreamEvent) => void;
}
export interface ExecuteCapabilityOptions {
    readonly traceId?: string;
    readonly requiredConformanceProfile?: ConformanceProfile;
    readonly confirmedCapabilities?: readonly string[];
    readonly signal?: AbortSignal;
    readonly timeoutSeconds?: number;
}

// ---- skill-engine-config.d.ts
import { AuditMode, type CapabilityInvoker, type TrustLevel } from "@skill-service/contracts";
import type { AuditRecorder } from "./audit/audit-run-summary.js";
import type { DefinitionSource } from "./definition-source.js";
import type { Sleep } from "./execution/sleep.js";
import type { EngineRuntime } from "./execution/engine-runtime.js";
export interface SkillEngineConfig {
    readonly definitions: DefinitionSource;
    readonly invoker: CapabilityInvoker;
    readonly audit?: AuditRecorder;
    readonly maxConcurrentSteps?: number;
    readonly maxSkillDepth?: number;
    readonly defaultStepTimeoutSeconds?: number;
    readonly maxTrustLevel?: TrustLevel;
    readonly defaultAuditMode?: AuditMode;
    readonly now?: () => Date;
    readonly sleep?: Sleep;
    readonly maxOutputBytes?: number;
}
export declare function resolveEngineRuntime(config: SkillEngineConfig): EngineRuntime;

// ---- skill-engine.d.ts
import { type CapabilityExecutionResult, type ExecutionResult } from "@skill-service/contracts";
import type { SkillRunStream } from "./events/skill-run-stream.js";
import type { ExecuteCapabilityOptions, RunSkillOptions } from "./run-options.js";
import { type SkillEngineConfig } from "./skill-engine-config.js";
export declare class SkillEngine {
    private readonly runtime;
    constructor(config: SkillEngineConfig);
    validateRunOptions(options: RunSkillOptions | ExecuteCapabilityOptions): void;
    runSkill(skillId: string, inputs: unknown, options?: RunSkillOptions): Promise<ExecutionResult>;
    streamSkill(skillId: string, inputs: unknown, options?: RunSkillOptions): SkillRunStream;
    executeCapability(capabilityId: string, inputs: unknown, options?: ExecuteCapabilityOptions): Promise<CapabilityExecutionResult>;
}

// ---- skill-execution-error.d.ts
import { ServiceError, type StreamEvent } from "@skill-service/contracts";
export interface SkillExecutionErrorOptions {
    readonly traceId: string;
    readonly skillId: string;
    readonly stepId: string | null;
    readonly events: readonly StreamEvent[];
    readonly rootCause: ServiceError;
}
export declare class SkillExecutionError extends ServiceError {
    readonly traceId: string;
    readonly skillId: string;
    readonly stepId: string | null;
    readonly events: readonly StreamEvent[];
    readonly rootCause: ServiceError;
    constructor(message: string, options: SkillExecutionErrorOptions);
}

// ---- validate-run-options.d.ts
import type { ExecuteCapabilityOptions, RunSkillOptions } from "./run-options.js";
export declare function validateRunOptions(options: RunSkillOptions | ExecuteCapabilityOptions): void;

// ---- validate-skill-request.d.ts
import type { DefinitionSource } from "./definition-source.js";
import type { RunSkillOptions } from "./run-options.js";
export declare function validateSkillRequest(definitions: DefinitionSource, skillId: string, inputs: unknown, options?: RunSkillOptions): void;
