// API report of @skill-service/catalog: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { checkAttachable, resolveAttachTarget, type AttachTargets } from "./attach-target.js";
export { CoverageCheck, PROFILES } from "./binding-coverage.js";
export type { CatalogSkill, CatalogSource } from "./catalog-source.js";
export { diagnosticsReport, type RuntimeFacts } from "./diagnostics-report.js";
export { evaluateDiscover, parseDiscoverIntents, type DiscoverEvaluation, type DiscoverIntentCase, type DiscoverMiss, } from "./discover-evaluation.js";
export { DiscoverIndex, FIELD_BOOSTS, type TextMatch } from "./discover-index.js";
export { DISCOVER_WEIGHTS } from "./discover-signals.js";
export { ExecutionHistory, type ExecutionHistoryOptions, type ExecutionOutcome, type SkillUsage } from "./execution-history.js";
export { governanceEntry, governanceListing } from "./governance.js";
export { lifecycleOf, type Lifecycle } from "./lifecycle.js";
export { OperationCounters } from "./operation-counters.js";
export { SkillCatalog, type SkillCatalogOptions } from "./skill-catalog.js";
export { describeSkill, isDeprecated } from "./skill-description.js";
export { SkillDiscovery } from "./skill-discovery.js";
export { capabilitiesOf } from "./skill-capabilities.js";
export { byCodePoint, listSkills } from "./skill-list.js";
export { toSkillSummary } from "./skill-summary.js";

// ---- attach-target.d.ts
import { type AttachContext, type AttachTargetType, type SkillDefinition } from "@skill-service/contracts";
export interface AttachTargets {
    hasRun(runId: string): boolean;
    hasTrace(traceId: string): boolean;
}
export declare function checkAttachable(skill: SkillDefinition, targetType: AttachTargetType): void;
export declare function resolveAttachTarget(targetType: AttachTargetType, targetRef: string, targets: AttachTargets): AttachContext;

// ---- binding-coverage.d.ts
import type { BindingCoverage, ConformanceProfile } from "@skill-service/contracts";
import type { CatalogSource } from "./catalog-source.js";
export declare const PROFILES: readonly ConformanceProfile[];
export declare class CoverageCheck {
    private readonly source;
    private readonly cache;
    constructor(source: Pick<CatalogSource, "capabilities" | "hasEligibleBinding">);
    isBound(capabilityId: string, profile: ConformanceProfile): boolean;
    coverage(capabilityIds: Iterable<string>): BindingCoverage;
}

// ---- catalog-source.d.ts
import type { CapabilityDefinition, ConformanceProfile, SkillDefinition } from "@skill-service/contracts";
export interface CatalogSkill {
    readonly definition: SkillDefinition;
    readonly channel: string;
    readonly domain: string;
}
export interface CatalogSource {
    readonly skills: ReadonlyMap<string, CatalogSkill>;
    readonly capabilities: ReadonlyMap<string, {
        readonly definition: CapabilityDefinition;
    }>;
    hasEligibleBinding(capability: CapabilityDefinition, profile: ConformanceProfile): boolean;
}

// ---- diagnostics-report.d.ts
import { type CatalogOperation, type DiagnosticsReport, type LoadDiagnostic } from "@skill-service/contracts";
import type { CoverageCheck } from "./binding-coverage.js";
import type { CatalogSource } from "./catalog-source.js";
import type { ExecutionHistory } from "./execution-history.js";
export interface RuntimeFacts {
    readonly diagnostics: readonly LoadDiagnostic[];
    readonly rejectedSkills: Iterable<string>;
    readonly services: number;
    readonly bindings: number;
    readonly providers: DiagnosticsReport["providers"];
    readonly circuitBreakers: DiagnosticsReport["circuit_breakers"];
}
export interface DiagnosticsParts {
    readonly source: CatalogSource;
    readonly facts: RuntimeFacts;
    readonly coverage: CoverageCheck;
    readonly history: ExecutionHistory;
    readonly counts: Record<CatalogOperation, number>;
    readonly startedAt: number;
    readonly now: number;
}
export declare function diagnosticsReport(parts: DiagnosticsParts): DiagnosticsReport;

// ---- discover-evaluation.d.ts
import type { DiscoverRequest, DiscoverResult } from "@skill-service/contracts";
export interface DiscoverIntentCase {
    readonly intent: string;
    readonly expected: string;
}
export interface DiscoverMiss extends DiscoverIntentCase {
    readonly got: readonly string[];
}
export interface DiscoverEvaluation {
    readonly cases: number;
    readonly top1: number;
    readonly top3: number;
    readonly misses: readonly DiscoverMiss[];
}
export declare function parseDiscoverIntents(data: unknown): DiscoverIntentCase[];
export declare function evaluateDiscover(discover: (request: DiscoverRequest) => DiscoverResult, cases: readonly DiscoverIntentCase[]): DiscoverEvaluation;

// ---- discover-index.d.ts
import type { SkillDefinition } from "@skill-service/contracts";
interface IndexedSkill {
    readonly id: string;
    readonly title: string;
    readonly description: string;
    readonly context: string;
}
export declare const FIELD_BOOSTS: Readonly<Record<Exclude<keyof IndexedSkill, "id">, number>>;
export interface TextMatch {
    readonly skillId: string;
    readonly bm25: number;
    readonly terms: readonly string[];
}
export declare class DiscoverIndex {
    private readonly index;
    constructor(skills: Iterable<SkillDefinition>);
    match(intent: string, accept?: (skillId: string) => boolean): Generator<TextMatch>;
}
export {};

// ---- discover-signals.d.ts
import type { SkillDefinition } from "@skill-service/contracts";
import type { SkillUsage } from "./execution-history.js";
export interface Signal {
    readonly code: string;
    readonly value: number;
    readonly reason: string;
}
export declare const DISCOVER_WEIGHTS: {
    readonly bm25_match: 1;
    readonly term_coverage: 0.15;
    readonly role_procedure: 0.05;
    readonly role_utility: 0.03;
    readonly role_sidecar: 0.01;
    readonly status_stable: 0.03;
    readonly status_experimental: 0.01;
    readonly status_deprecated: -0.3;
    readonly read_only_match: 0.05;
    readonly attach_penalty: -0.03;
    readonly usage: 0.05;
    readonly success_rate_high: 0.04;
    readonly success_rate_medium: 0.02;
    readonly success_rate_low: -0.04;
};
export declare function isReadIntent(intentTerms: readonly string[]): boolean;
export declare function metadataSignals(skill: SkillDefinition, readIntent: boolean, usage: SkillUsage): Signal[];

// ---- execution-history.d.ts
export interface ExecutionOutcome {
    readonly skillId: string;
    readonly traceId: string;
    readonly ok: boolean;
    readonly durationMs: number;
}
export interface SkillUsage {
    readonly executions: number;
    readonly successes: number;
    readonly success_rate: number | null;
    readonly p95_duration_ms: number | null;
}
export interface ExecutionHistoryOptions {
    readonly maxSkills?: number;
    readonly maxTraceIds?: number;
    readonly durationsPerSkill?: number;
}
export declare class ExecutionHistory {
    private readonly skills;
    private readonly traceIds;
    private readonly maxSkills;
    private readonly durationsPerSkill;
    private total;
    constructor(options?: ExecutionHistoryOptions);
    record(outcome: ExecutionOutcome): void;
    usage(skillId: string): SkillUsage;
    hasTrace(traceId: string): boolean;
    size(): {
        skills: number;
        executions: number;
        trace_ids: number;
    };
}

// ---- governance.d.ts
import { type GovernanceEntry, type GovernanceListing, type GovernanceQuery } from "@skill-service/contracts";
import type { CoverageCheck } from "./binding-coverage.js";
import type { CatalogSkill, CatalogSource } from "./catalog-source.js";
export declare function governanceEntry(skill: CatalogSkill, source: Pick<CatalogSource, "skills" | "capabilities">, coverage: CoverageCheck): GovernanceEntry;
export declare function governanceListing(entries: readonly GovernanceEntry[], query: GovernanceQuery): GovernanceListing;

// ---- lifecycle.d.ts
import { LifecycleState, type BindingCoverage, type SkillDefinition } from "@skill-service/contracts";
export interface Lifecycle {
    readonly state: LifecycleState;
    readonly source: "metadata" | "derived";
}
export declare function lifecycleOf(skill: SkillDefinition, coverage: BindingCoverage): Lifecycle;

// ---- operation-counters.d.ts
import { type CatalogOperation } from "@skill-service/contracts";
export declare class OperationCounters {
    private counts;
    private static zero;
    count(operation: CatalogOperation): void;
    reset(): void;
    snapshot(): Record<CatalogOperation, number>;
}

// ---- skill-capabilities.d.ts
import { type SkillDefinition } from "@skill-service/contracts";
import type { CatalogSource } from "./catalog-source.js";
export declare function capabilitiesOf(source: Pick<CatalogSource, "skills" | "capabilities">, skill: SkillDefinition, seen?: Set<string>): Set<string>;

// ---- skill-catalog.d.ts
import { type AttachContext, type AttachTargetType, type CatalogOperation, type DiagnosticsReport, type DiscoverRequest, type DiscoverResult, type GovernanceListing, type GovernanceQuery, type SkillDescription, type SkillList, type SkillListQuery } from "@skill-service/contracts";
import type { CatalogSource } from "./catalog-source.js";
import { type RuntimeFacts } from "./diagnostics-report.js";
import { ExecutionHistory, type ExecutionHistoryOptions, type ExecutionOutcome } from "./execution-history.js";
export interface SkillCatalogOptions {
    readonly now?: () => number;
    readonly startedAt?: number;
    readonly history?: ExecutionHistoryOptions;
}
export declare class SkillCatalog {
    private readonly source;
    readonly history: ExecutionHistory;
    private readonly counters;
    private readonly coverage;
    private readonly now;
    private readonly startedAt;
    private discovery;
    private entries;
    constructor(source: CatalogSource, options?: SkillCatalogOptions);
    list(query: SkillListQuery): SkillList;
    describe(skillId: string): SkillDescription;
    discover(request: DiscoverRequest): DiscoverResult;
    governance(query: GovernanceQuery): GovernanceListing;
    diagnostics(facts: RuntimeFacts): DiagnosticsReport;
    resetCounters(facts: RuntimeFacts): {
        reset: true;
        diagnostics: DiagnosticsReport;
    };
    prepareAttach(skillId: string, targetType: AttachTargetType, targetRef: string, runs: {
        hasRun(runId: string): boolean;
    }): AttachContext;
    recordExecution(outcome: ExecutionOutcome): void;
    operationCounts(): Record<CatalogOperation, number>;
    private skill;
    private report;
}

// ---- skill-description.d.ts
import type { SkillDefinition, SkillDescription } from "@skill-service/contracts";
export declare function isDeprecated(skill: SkillDefinition): boolean;
export declare function describeSkill(skill: SkillDefinition): SkillDescription;

// ---- skill-discovery.d.ts
import type { DiscoverRequest, DiscoverResult } from "@skill-service/contracts";
import type { CatalogSkill } from "./catalog-source.js";
import type { ExecutionHistory } from "./execution-history.js";
export declare class SkillDiscovery {
    private readonly skills;
    private readonly history;
    private readonly index;
    constructor(skills: ReadonlyMap<string, CatalogSkill>, history: ExecutionHistory);
    discover(request: DiscoverRequest): DiscoverResult;
    private candidate;
}

// ---- skill-list.d.ts
import type { SkillList, SkillListQuery } from "@skill-service/contracts";
import type { CatalogSkill } from "./catalog-source.js";
export declare const byCodePoint: (a: string, b: string) => number;
export declare function listSkills(skills: Iterable<CatalogSkill>, query: SkillListQuery): SkillList;

// ---- skill-summary.d.ts
import type { SkillSummary } from "@skill-service/contracts";
import type { CatalogSkill } from "./catalog-source.js";
export declare function toSkillSummary(skill: CatalogSkill): SkillSummary;
