import type { AuditMode, ConformanceProfile } from '@skill-service/contracts';

/** The options of a run after validation and defaults; a nested run inherits them unchanged. */
export interface RunSettings {
  readonly traceId: string;
  readonly channel: string;
  readonly requiredConformanceProfile: ConformanceProfile | undefined;
  readonly auditMode: AuditMode;
  readonly confirmedCapabilities: ReadonlySet<string>;
}

/** Where a run sits in a tree of nested runs. */
export interface RunLineage {
  /** 0 for the root run. */
  readonly depth: number;
  readonly parentSkillId: string | null;
  /** Skill ids from the root run down to this one, inclusive. */
  readonly skillIds: readonly string[];
}
