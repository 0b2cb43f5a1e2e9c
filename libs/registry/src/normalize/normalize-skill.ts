import { SkillDefinition, SkillStep } from '@skill-service/contracts';
import { checkFieldTypes } from '../checks/field-types.js';
import { reportUnknownKeys } from '../checks/unknown-keys.js';
import type { Reporter } from '../reporter.js';
import { isMapping, typeName } from './raw-value.js';
import { validateAgainst } from './schema-issues.js';
import { SourcePaths } from './source-paths.js';
import { normalizeStep } from './normalize-step.js';

/** A step as far as it could be read: every field that is individually valid, for cross-checks. */
export type PartialStep = Pick<SkillStep, 'id'> & Partial<Omit<SkillStep, 'id'>>;

export interface NormalizedSkill {
  /** The id, when the file has a usable one (a skill without one cannot be indexed at all). */
  readonly id: string | undefined;
  /** The canonical definition, when it satisfies the contract. */
  readonly definition: SkillDefinition | undefined;
  /** The declared inputs, when that field alone is valid (for the undeclared-input check). */
  readonly inputs: SkillDefinition['inputs'] | undefined;
  /** The declared outputs, when that field alone is valid (for the required-output check). */
  readonly outputs: SkillDefinition['outputs'] | undefined;
  /** Steps with a string id, with each field kept only if valid on its own, by position. */
  readonly steps: readonly (PartialStep | undefined)[];
  /** False when `steps` is not a list: nothing can be said about what the plan writes. */
  readonly stepsReadable: boolean;
  readonly paths: SourcePaths;
}

type StepShape = typeof SkillStep.shape;

/** Keeps the fields of a step that pass their own schema, so one bad field hides no other problem. */
function partialStep(step: unknown): PartialStep | undefined {
  if (!isMapping(step) || typeof step.id !== 'string' || step.id === '') return undefined;
  const partial: Record<string, unknown> = { id: step.id };
  for (const [key, schema] of Object.entries(SkillStep.shape) as [keyof StepShape, StepShape[keyof StepShape]][]) {
    if (key === 'id' || step[key] === undefined) continue;
    const result = schema.safeParse(step[key]);
    if (result.success) partial[key] = result.data;
  }
  return partial as PartialStep;
}

/**
 * Reads a skill file into the contract's `SkillDefinition`. Problems are reported on
 * `reporter`; the partial view is returned even when the definition is invalid, so cross-checks can
 * list every problem of the file at once.
 */
export function normalizeSkill(raw: unknown, reporter: Reporter): NormalizedSkill {
  const paths = new SourcePaths();
  if (!isMapping(raw)) {
    reporter.error([], 'wrong_type', `a skill file must hold a mapping, got ${typeName(raw)}`);
    return { id: undefined, definition: undefined, inputs: undefined, outputs: undefined, steps: [], stepsReadable: false, paths };
  }
  const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
  reportUnknownKeys(SkillDefinition, raw, [], reporter, 'skill field', { handledElsewhere: ['steps'] });
  checkFieldTypes(raw.inputs, ['inputs'], reporter);
  checkFieldTypes(raw.outputs, ['outputs'], reporter);
  let metadata = raw.metadata;
  if (metadata === null || (metadata !== undefined && !isMapping(metadata))) {
    // Metadata is descriptive only: keep loading the skill, but say so.
    reporter.warning(['metadata'], 'wrong_type', `metadata must be a mapping, got ${typeName(metadata)}; ignored`);
    metadata = {};
  }
  const steps = Array.isArray(raw.steps) ? raw.steps.map((step, index) => normalizeStep(step, index, reporter, paths)) : raw.steps;
  const candidate = { ...raw, metadata, steps };
  const definition = validateAgainst(SkillDefinition, candidate, reporter, paths);
  if (definition !== undefined && !reporter.hasErrors) {
    return { id, definition, inputs: definition.inputs, outputs: definition.outputs, steps: definition.steps, stepsReadable: true, paths };
  }
  // Invalid somewhere: salvage what each field says on its own, so checks can still list everything.
  const inputs = SkillDefinition.shape.inputs.safeParse(raw.inputs);
  const outputs = SkillDefinition.shape.outputs.safeParse(raw.outputs);
  return {
    id,
    definition: undefined,
    inputs: inputs.success ? inputs.data : undefined,
    outputs: outputs.success ? outputs.data : undefined,
    steps: Array.isArray(steps) ? steps.map(partialStep) : [],
    stepsReadable: Array.isArray(steps),
    paths,
  };
}
