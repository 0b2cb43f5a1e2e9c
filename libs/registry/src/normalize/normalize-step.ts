import { SkillStep } from '@skill-service/contracts';
import { reportUnknownKeys, type KeySpellings } from '../checks/unknown-keys.js';
import type { Reporter } from '../reporter.js';
import type { FieldPath } from './field-path.js';
import { pickAlias } from './pick-alias.js';
import { hasKey, isMapping, typeName, type RawMapping } from './raw-value.js';
import type { SourcePaths } from './source-paths.js';

/** Execution options: older skills put them under `config`, people also write them on the step. */
const StepControls = SkillStep.omit({ id: true, uses: true, input: true, output: true });
export const CONTROL_KEYS = Object.keys(StepControls.shape) as (keyof typeof StepControls.shape)[];

/** The other spellings of a step's fields that the loader folds in. */
const STEP_SPELLINGS: KeySpellings = {
  aliases: { input_mapping: 'input', output_mapping: 'output' },
  // `config` is read below; `description`, `name` and `metadata` are descriptive and ignored.
  handledElsewhere: [...CONTROL_KEYS, 'config', 'description', 'name', 'metadata'],
};

const present = (mapping: RawMapping, key: string): boolean => hasKey(mapping, key) && mapping[key] !== undefined;

/**
 * A router's `on` key written unquoted by someone used to YAML 1.1 may have become the boolean
 * key `true` (stringified "true" by the parser): read it as `on`.
 */
function normalizeRouter(router: unknown, canonical: FieldPath, source: FieldPath, paths: SourcePaths): unknown {
  if (!isMapping(router) || present(router, 'on') || !present(router, 'true')) return router;
  const { true: on, ...rest } = router;
  paths.move([...canonical, 'on'], [...source, 'true']);
  return { ...rest, on };
}

/**
 * Folds one step into its canonical spelling (contract `SkillStep`): `input_mapping` /
 * `output_mapping` beside `input` / `output`, execution options at step level or under `config`,
 * `null` meaning "not set". Types are left for the contract schema to check; only where each value
 * came from is recorded, so its problems name the field as written.
 */
export function normalizeStep(raw: unknown, index: number, reporter: Reporter, paths: SourcePaths): unknown {
  if (!isMapping(raw)) return raw;
  const at: FieldPath = ['steps', index];
  const step: Record<string, unknown> = { id: raw.id, uses: raw.uses };

  for (const [canonical, spellings] of [
    ['input', ['input', 'input_mapping']],
    ['output', ['output', 'output_mapping']],
  ] as const) {
    const value = pickAlias(raw, spellings, [...at, canonical], reporter, paths, at);
    step[canonical] = value === null ? {} : value;
  }

  let config: RawMapping = {};
  if (isMapping(raw.config)) config = raw.config;
  else if (raw.config !== undefined && raw.config !== null) {
    reporter.error(paths.inFile([...at, 'config']), 'wrong_type', `config must be a mapping, got ${typeName(raw.config)}`);
  }

  for (const key of CONTROL_KEYS) {
    const onStep = present(raw, key);
    const inConfig = present(config, key);
    if (onStep && inConfig) {
      reporter.error(paths.inFile([...at, key]), 'conflicting_fields', `"${key}" is set both on the step and under config`);
    }
    if (!onStep && !inConfig) continue;
    const source: FieldPath = onStep ? [...at, key] : [...at, 'config', key];
    const value = onStep ? raw[key] : config[key];
    // `key:` with nothing after it means "not set" (dependencies come
    // from data edges, so an empty `depends_on` is simply absent, never "the previous step").
    if (value === null) continue;
    paths.move([...at, key], source);
    step[key] = key === 'router' ? normalizeRouter(value, [...at, key], source, paths) : value;
    reportUnknownKeys(StepControls.shape[key], step[key], source, reporter, 'key');
  }

  // Descriptive only (the canonical step has no metadata), but a non-mapping is still a slip worth a word.
  if (raw.metadata !== undefined && !isMapping(raw.metadata)) {
    reporter.warning(paths.inFile([...at, 'metadata']), 'wrong_type', `metadata must be a mapping, got ${typeName(raw.metadata)}; ignored`);
  }
  reportUnknownKeys(SkillStep, raw, paths.inFile(at), reporter, 'step field', STEP_SPELLINGS);
  reportUnknownKeys(StepControls, config, paths.inFile([...at, 'config']), reporter, 'config field', { handledElsewhere: CONTROL_KEYS });
  return step;
}
