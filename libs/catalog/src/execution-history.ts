import { RecentKeys } from './recent-keys.js';

/** One settled execution, as the service reports it (every channel). */
export interface ExecutionOutcome {
  readonly skillId: string;
  readonly traceId: string;
  readonly ok: boolean;
  readonly durationMs: number;
}

/** A skill's record in this process: discover's usage and success-rate signals. */
export interface SkillUsage {
  readonly executions: number;
  readonly successes: number;
  /** null before the first execution. */
  readonly success_rate: number | null;
  /** Over the most recent durations kept; null before the first execution. */
  readonly p95_duration_ms: number | null;
}

export interface ExecutionHistoryOptions {
  /** Skills tracked; the least recently executed is forgotten beyond it (default 10,000). */
  readonly maxSkills?: number;
  /** Executions whose trace ids are remembered as attach targets: the most recent ones (default 10,000). */
  readonly maxTraceIds?: number;
  /** Durations kept per skill for the p95 (default 100, a ring). */
  readonly durationsPerSkill?: number;
}

interface SkillRecord {
  executions: number;
  successes: number;
  durations: number[];
  next: number;
}

const NO_USAGE: SkillUsage = { executions: 0, successes: 0, success_rate: null, p95_duration_ms: null };

/**
 * This process's execution history, in memory and bounded whatever the traffic: per skill the
 * counts and recent durations, plus the trace ids of recent executions (attach targets). Lost on
 * restart, like the run store.
 */
export class ExecutionHistory {
  private readonly skills = new Map<string, SkillRecord>();
  private readonly traceIds: RecentKeys;
  private readonly maxSkills: number;
  private readonly durationsPerSkill: number;
  private total = 0;

  constructor(options: ExecutionHistoryOptions = {}) {
    this.maxSkills = options.maxSkills ?? 10_000;
    this.traceIds = new RecentKeys(options.maxTraceIds ?? 10_000);
    this.durationsPerSkill = options.durationsPerSkill ?? 100;
  }

  record(outcome: ExecutionOutcome): void {
    this.total += 1;
    const record = this.skills.get(outcome.skillId) ?? { executions: 0, successes: 0, durations: [], next: 0 };
    // Re-inserted so the map's order is least recently executed first.
    this.skills.delete(outcome.skillId);
    this.skills.set(outcome.skillId, record);
    record.executions += 1;
    if (outcome.ok) record.successes += 1;
    if (record.durations.length < this.durationsPerSkill) record.durations.push(outcome.durationMs);
    else record.durations[record.next] = outcome.durationMs;
    record.next = (record.next + 1) % this.durationsPerSkill;
    evictOldest(this.skills, this.maxSkills);
    this.traceIds.add(outcome.traceId);
  }

  usage(skillId: string): SkillUsage {
    const record = this.skills.get(skillId);
    if (record === undefined) return NO_USAGE;
    return {
      executions: record.executions,
      successes: record.successes,
      success_rate: record.successes / record.executions,
      p95_duration_ms: percentile95(record.durations),
    };
  }

  /** Whether a recent execution had this trace id. */
  hasTrace(traceId: string): boolean {
    return this.traceIds.has(traceId);
  }

  size(): { skills: number; executions: number; trace_ids: number } {
    return { skills: this.skills.size, executions: this.total, trace_ids: this.traceIds.size };
  }
}

function evictOldest(collection: Map<string, unknown>, max: number): void {
  while (collection.size > max) {
    const oldest = collection.keys().next();
    if (oldest.done === true) return;
    collection.delete(oldest.value);
  }
}

/** Nearest-rank p95, rounded to the microsecond. */
function percentile95(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.ceil(0.95 * sorted.length) - 1] ?? 0;
  return Math.round(value * 1000) / 1000;
}
