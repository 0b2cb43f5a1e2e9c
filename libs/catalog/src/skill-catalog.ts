import {
  NotFoundError,
  type AttachContext,
  type AttachTargetType,
  type CatalogOperation,
  type DiagnosticsReport,
  type DiscoverRequest,
  type DiscoverResult,
  type GovernanceEntry,
  type GovernanceListing,
  type GovernanceQuery,
  type SkillDescription,
  type SkillList,
  type SkillListQuery,
} from '@skill-service/contracts';
import { checkAttachable, resolveAttachTarget } from './attach-target.js';
import { CoverageCheck } from './binding-coverage.js';
import type { CatalogSkill, CatalogSource } from './catalog-source.js';
import { diagnosticsReport, type RuntimeFacts } from './diagnostics-report.js';
import { ExecutionHistory, type ExecutionHistoryOptions, type ExecutionOutcome } from './execution-history.js';
import { governanceEntry, governanceListing } from './governance.js';
import { OperationCounters } from './operation-counters.js';
import { describeSkill } from './skill-description.js';
import { SkillDiscovery } from './skill-discovery.js';
import { byCodePoint, listSkills } from './skill-list.js';

export interface SkillCatalogOptions {
  /** Clock for uptime (default `Date.now`). */
  readonly now?: () => number;
  /** When the process started (default: now, at construction). */
  readonly startedAt?: number;
  readonly history?: ExecutionHistoryOptions;
}

/**
 * The catalog over one registry: list, describe, discover, governance, diagnostics and the checks
 * of attach, each counted in the operation counters. The discover index and the governance
 * records are built once, on first use; the execution history is fed by the service.
 */
export class SkillCatalog {
  readonly history: ExecutionHistory;
  private readonly counters = new OperationCounters();
  private readonly coverage: CoverageCheck;
  private readonly now: () => number;
  private readonly startedAt: number;
  private discovery: SkillDiscovery | undefined;
  private entries: GovernanceEntry[] | undefined;

  constructor(
    private readonly source: CatalogSource,
    options: SkillCatalogOptions = {},
  ) {
    this.history = new ExecutionHistory(options.history);
    this.coverage = new CoverageCheck(source);
    this.now = options.now ?? Date.now;
    this.startedAt = options.startedAt ?? this.now();
  }

  list(query: SkillListQuery): SkillList {
    this.counters.count('list');
    return listSkills(this.source.skills.values(), query);
  }

  describe(skillId: string): SkillDescription {
    this.counters.count('describe');
    return describeSkill(this.skill(skillId).definition);
  }

  discover(request: DiscoverRequest): DiscoverResult {
    this.counters.count('discover');
    this.discovery ??= new SkillDiscovery(this.source.skills, this.history);
    return this.discovery.discover(request);
  }

  governance(query: GovernanceQuery): GovernanceListing {
    this.counters.count('governance');
    this.entries ??= [...this.source.skills.values()]
      .sort((a, b) => byCodePoint(a.definition.id, b.definition.id))
      .map((skill) => governanceEntry(skill, this.source, this.coverage));
    return governanceListing(this.entries, query);
  }

  diagnostics(facts: RuntimeFacts): DiagnosticsReport {
    this.counters.count('diagnostics');
    return this.report(facts);
  }

  /** Zeroes the operation counters (then counts this reset) and answers the diagnostics after it. */
  resetCounters(facts: RuntimeFacts): { reset: true; diagnostics: DiagnosticsReport } {
    this.counters.reset();
    this.counters.count('reset_metrics');
    return { reset: true, diagnostics: this.report(facts) };
  }

  /**
   * Everything attach checks before executing: the skill exists (404), allows attach to this
   * target type, and the target reference is known to this process (400 otherwise).
   */
  prepareAttach(skillId: string, targetType: AttachTargetType, targetRef: string, runs: { hasRun(runId: string): boolean }): AttachContext {
    this.counters.count('attach');
    checkAttachable(this.skill(skillId).definition, targetType);
    return resolveAttachTarget(targetType, targetRef, { hasRun: (id) => runs.hasRun(id), hasTrace: (id) => this.history.hasTrace(id) });
  }

  /** Every settled execution, whatever its channel (usage, success rate, attach targets). */
  recordExecution(outcome: ExecutionOutcome): void {
    this.history.record(outcome);
  }

  operationCounts(): Record<CatalogOperation, number> {
    return this.counters.snapshot();
  }

  private skill(skillId: string): CatalogSkill {
    const skill = this.source.skills.get(skillId);
    if (skill === undefined) throw new NotFoundError(`Skill '${skillId}' not found`);
    return skill;
  }

  private report(facts: RuntimeFacts): DiagnosticsReport {
    return diagnosticsReport({
      source: this.source,
      facts,
      coverage: this.coverage,
      history: this.history,
      counts: this.counters.snapshot(),
      startedAt: this.startedAt,
      now: this.now(),
    });
  }
}
