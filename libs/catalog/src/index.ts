/**
 * @skill-service/catalog — the skill catalog over a loaded registry: list, describe, intent-based
 * discovery (BM25+ through MiniSearch combined with metadata signals and this process's execution
 * history), governance (lifecycle, binding coverage per conformance profile, safety, quality),
 * diagnostics and the target checks of attach. Plain data in, plain data out: the registry and
 * the binding explain plan come in through the `CatalogSource` port.
 */
export { checkAttachable, resolveAttachTarget, type AttachTargets } from './attach-target.js';
export { CoverageCheck, PROFILES } from './binding-coverage.js';
export type { CatalogSkill, CatalogSource } from './catalog-source.js';
export { diagnosticsReport, type RuntimeFacts } from './diagnostics-report.js';
export {
  evaluateDiscover,
  parseDiscoverIntents,
  type DiscoverEvaluation,
  type DiscoverIntentCase,
  type DiscoverMiss,
} from './discover-evaluation.js';
export { DiscoverIndex, FIELD_BOOSTS, type TextMatch } from './discover-index.js';
export { DISCOVER_WEIGHTS } from './discover-signals.js';
export { ExecutionHistory, type ExecutionHistoryOptions, type ExecutionOutcome, type SkillUsage } from './execution-history.js';
export { governanceEntry, governanceListing } from './governance.js';
export { lifecycleOf, type Lifecycle } from './lifecycle.js';
export { OperationCounters } from './operation-counters.js';
export { SkillCatalog, type SkillCatalogOptions } from './skill-catalog.js';
export { describeSkill, isDeprecated } from './skill-description.js';
export { SkillDiscovery } from './skill-discovery.js';
export { capabilitiesOf } from './skill-capabilities.js';
export { byCodePoint, listSkills } from './skill-list.js';
export { toSkillSummary } from './skill-summary.js';
