import { CapabilityDefinition, SkillDefinition, SkillStep } from '@skill-service/contracts';

/** A field as written in a file: `required` defaults to false. */
interface FieldDraft {
  readonly type: string;
  readonly required?: boolean;
  readonly default?: unknown;
}
type Fields = Readonly<Record<string, FieldDraft>>;
type SkillDraft = Partial<Omit<SkillDefinition, 'steps' | 'inputs' | 'outputs'>> & {
  id: string;
  inputs?: Fields;
  outputs?: Fields;
  steps: readonly Record<string, unknown>[];
};
type CapabilityDraft = Partial<Omit<CapabilityDefinition, 'inputs' | 'outputs'>> & { id: string; inputs?: Fields; outputs?: Fields };

/** A skill written as an object literal, validated (and defaulted) by the contract schema. */
export function defineSkill(draft: SkillDraft): SkillDefinition {
  return SkillDefinition.parse({
    version: '1.0.0',
    name: draft.id,
    description: `Test skill ${draft.id}`,
    inputs: {},
    outputs: {},
    ...draft,
  });
}

/** A capability contract, validated (and defaulted) by the contract schema. */
export function defineCapability(draft: CapabilityDraft): CapabilityDefinition {
  return CapabilityDefinition.parse({ version: '1.0.0', description: `Test capability ${draft.id}`, inputs: {}, outputs: {}, ...draft });
}

/** One step in its canonical form, for unit tests below the engine. */
export function defineStep(draft: Record<string, unknown>): SkillStep {
  return SkillStep.parse(draft);
}
