import { z } from 'zod';
import { FieldSpecs } from './field-spec.js';

export const MergeStrategy = z.enum(['overwrite', 'append', 'deep_merge', 'replace']);
export type MergeStrategy = z.infer<typeof MergeStrategy>;

export const RetryPolicy = z.object({
  max_attempts: z.number().int().min(1).max(20).default(3),
  backoff_seconds: z.number().min(0).max(300).default(1),
  backoff_multiplier: z.number().min(1).max(10).default(2),
});
export type RetryPolicy = z.infer<typeof RetryPolicy>;

export const ForeachControl = z.object({
  items: z.string().min(1),
  as: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).default('item'),
  index_as: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
});
export const WhileControl = z.object({
  condition: z.string().min(1),
  max_iterations: z.number().int().min(1).max(10_000).default(10),
});
export const RouterControl = z.object({
  on: z.string().min(1),
  cases: z.record(z.string(), z.string().min(1)),
  default: z.string().min(1).optional(),
});
export const ScatterMerge = z.enum(['collect', 'concat_lists', 'first_success']);
export const ScatterControl = z.object({
  capabilities: z.array(z.string().min(1)).min(2),
  merge: ScatterMerge.default('collect'),
});

/** A step in its canonical spelling: the loader folds `config.*` and step-level aliases into this. */
export const SkillStep = z
  .object({
    id: z.string().min(1),
    uses: z.string().min(1),
    input: z.record(z.string().min(1), z.unknown()).default({}),
    output: z.record(z.string().min(1), z.string().min(1)).default({}),
    depends_on: z.array(z.string().min(1)).optional(),
    condition: z.string().min(1).optional(),
    retry: RetryPolicy.optional(),
    timeout_seconds: z.number().positive().max(86_400).optional(),
    merge_strategy: MergeStrategy.default('overwrite'),
    foreach: ForeachControl.optional(),
    while: WhileControl.optional(),
    router: RouterControl.optional(),
    scatter: ScatterControl.optional(),
  })
  .meta({ id: 'SkillStep' });
export type SkillStep = z.infer<typeof SkillStep>;

export const AttachTargetType = z.enum(['task', 'run', 'output', 'transcript', 'artifact']);
export type AttachTargetType = z.infer<typeof AttachTargetType>;

export const SkillClassification = z.object({
  role: z.enum(['procedure', 'utility', 'sidecar']).optional(),
  invocation: z.enum(['direct', 'attach', 'both']).optional(),
  attach_targets: z.array(AttachTargetType).optional(),
  effect_mode: z.enum(['read_only', 'enrich', 'control_signal']).optional(),
});
export type SkillClassification = z.infer<typeof SkillClassification>;

export const SkillExample = z.object({
  description: z.string().optional(),
  input: z.record(z.string(), z.unknown()).default({}),
  output: z.record(z.string(), z.unknown()).optional(),
});
export type SkillExample = z.infer<typeof SkillExample>;

export const SkillStatus = z.enum(['stable', 'experimental', 'draft', 'deprecated', 'unspecified']);
export type SkillStatus = z.infer<typeof SkillStatus>;

/** Descriptive metadata: the engine ignores it; list, discover and governance read it. */
export const SkillMetadata = z
  .looseObject({
    tags: z.array(z.string()).optional(),
    category: z.string().optional(),
    status: SkillStatus.optional(),
    use_cases: z.array(z.string()).optional(),
    examples: z.array(SkillExample).optional(),
    classification: SkillClassification.optional(),
    deprecated_by: z.string().optional(),
    deprecation_reason: z.string().optional(),
  });
export type SkillMetadata = z.infer<typeof SkillMetadata>;

export const SkillDefinition = z
  .object({
    id: z.string().min(1),
    version: z.string().min(1),
    name: z.string().min(1),
    description: z.string().min(1),
    inputs: FieldSpecs,
    outputs: FieldSpecs,
    steps: z.array(SkillStep).min(1),
    metadata: SkillMetadata.default({}),
  })
  .meta({ id: 'SkillDefinition', description: 'A skill: a declarative DAG of steps over capabilities and other skills.' });
export type SkillDefinition = z.infer<typeof SkillDefinition>;

export const NESTED_SKILL_PREFIX = 'skill:';
