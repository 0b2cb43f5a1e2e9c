import {
  CapabilityDefinition,
  ENGINE_EVENT_TYPES,
  SkillDefinition,
  isErrorCode,
  type ErrorCode,
  type StreamEvent,
} from '@skill-service/contracts';
import type { RunSkillOptions } from '../run-options.js';
import type { SkillEngineConfig } from '../skill-engine-config.js';

/**
 * The format of a YAML engine scenario (`src/scenarios/*.yaml`), checked strictly: an unknown or
 * misspelt key anywhere — in a case, an expectation, a skill, a step, a capability — is an error
 * naming the file and the field, so a typo can never quietly weaken a scenario.
 *
 * ```yaml
 * # What the scenario shows, in one line.
 * engine: { max_concurrent_steps: 1 }     # optional engine configuration (a case may override it)
 * skill: { id, inputs, outputs, steps }   # registry skill YAML (canonical step keys);
 * skills: [ ... ]                         #   or several skills: the first is the one run
 * capabilities:
 *   - { id, inputs, outputs, safety?, function: upper }   # contract + the library function behind it
 * cases:
 *   - name: ...
 *     skill: other.skill                  # optional: run another skill of the file
 *     inputs: { ... }
 *     options: { include_trace, confirmed_capabilities, required_conformance_profile, audit_mode, ... }
 *     outputs: { ... }                    # exact outputs of a completed run, or
 *     error: { code, status, message_contains?, message_excludes?, step_id?, details? }
 *     events: [[type, step_id, data?], ...]            # the exact event stream (step_id omitted = null)
 *     events_in_order: [[type, step_id], ...]          # a subsequence of the stream
 *     trace: [[type, step_id], ...]       # result.events (success) or error.events (failure)
 *     calls: { upper: 1 }                 # runs per function: exact (unlisted = none)
 *     received: { upper: [{ text: a }] }  # inputs per listed function, in call order
 *     aborted: [slow]                     # functions whose signal was aborted mid-run
 *     max_in_flight: 2                    # most function runs in flight at once
 *     sleeps: [500, 1000]                 # retry back-offs the engine asked for, in ms
 *     audit: [[skill_id, status], ...]    # audit records, in the order they were handed over
 * ```
 */
export interface ScenarioFile {
  readonly file: string;
  readonly comment: string;
  readonly skills: readonly SkillDefinition[];
  readonly capabilities: readonly ScenarioCapability[];
  readonly cases: readonly ScenarioCase[];
}

export interface ScenarioCapability {
  readonly definition: CapabilityDefinition;
  readonly functionName: string;
}

export type ScenarioEngineConfig = Partial<
  Pick<
    SkillEngineConfig,
    'maxConcurrentSteps' | 'maxSkillDepth' | 'defaultStepTimeoutSeconds' | 'maxTrustLevel' | 'defaultAuditMode' | 'maxOutputBytes'
  >
>;

export interface ExpectedEvent {
  readonly type: StreamEvent['type'];
  readonly step_id: string | null;
  readonly data?: Record<string, unknown>;
}

export interface ExpectedError {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageContains: readonly string[];
  readonly messageExcludes: readonly string[];
  /** Present when the scenario states it; null = the run failed without a failed step (or never started). */
  readonly stepId?: string | null;
  readonly details?: readonly unknown[];
}

export interface ScenarioCase {
  readonly name: string;
  readonly skillId: string;
  readonly inputs: unknown;
  readonly options: RunSkillOptions;
  readonly engine: ScenarioEngineConfig;
  readonly outputs?: Record<string, unknown>;
  readonly error?: ExpectedError;
  readonly events?: readonly ExpectedEvent[];
  readonly eventsInOrder?: readonly ExpectedEvent[];
  readonly trace?: readonly ExpectedEvent[];
  readonly calls?: Readonly<Record<string, number>>;
  readonly received?: Readonly<Record<string, readonly unknown[]>>;
  readonly aborted?: readonly string[];
  readonly maxInFlight?: number;
  readonly sleeps?: readonly number[];
  readonly audit?: readonly (readonly [string, string])[];
}

type Raw = Record<string, unknown>;

class ScenarioFormatError extends Error {
  override readonly name = 'ScenarioFormatError';
}

const ENGINE_KEYS: Readonly<Record<string, keyof ScenarioEngineConfig>> = {
  max_concurrent_steps: 'maxConcurrentSteps',
  max_skill_depth: 'maxSkillDepth',
  default_step_timeout_seconds: 'defaultStepTimeoutSeconds',
  max_trust_level: 'maxTrustLevel',
  default_audit_mode: 'defaultAuditMode',
  max_output_bytes: 'maxOutputBytes',
};

// Values are handed to the engine unchecked: validating them is the engine's job (and a scenario).
const OPTION_KEYS: Readonly<Record<string, keyof RunSkillOptions>> = {
  trace_id: 'traceId',
  channel: 'channel',
  required_conformance_profile: 'requiredConformanceProfile',
  audit_mode: 'auditMode',
  include_trace: 'includeTrace',
  confirmed_capabilities: 'confirmedCapabilities',
};

const CASE_KEYS = new Set([
  'name',
  'skill',
  'inputs',
  'options',
  'engine',
  'outputs',
  'error',
  'events',
  'events_in_order',
  'trace',
  'calls',
  'received',
  'aborted',
  'max_in_flight',
  'sleeps',
  'audit',
]);
const ERROR_KEYS = new Set(['code', 'status', 'message_contains', 'message_excludes', 'step_id', 'details']);
const EVENT_TYPES: ReadonlySet<string> = new Set(ENGINE_EVENT_TYPES);

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a YAML document (already loaded) as a scenario; throws naming the file and the field. */
export function parseScenarioFile(file: string, source: string, document: unknown, functionNames: ReadonlySet<string>): ScenarioFile {
  const fail = (path: string, message: string): never => {
    throw new ScenarioFormatError(`${file}: ${path}: ${message}`);
  };
  const object = (value: unknown, path: string): Raw => (isObject(value) ? value : fail(path, 'must be a mapping'));
  const array = (value: unknown, path: string): unknown[] => (Array.isArray(value) ? value : fail(path, 'must be a list'));
  const string = (value: unknown, path: string): string =>
    typeof value === 'string' && value !== '' ? value : fail(path, 'must be a non-empty string');
  const onlyKeys = (value: Raw, allowed: ReadonlySet<string>, path: string): void => {
    for (const key of Object.keys(value)) if (!allowed.has(key)) fail(`${path}.${key}`, `unknown key (allowed: ${[...allowed].join(', ')})`);
  };
  const strings = (value: unknown, path: string): string[] =>
    value === undefined ? [] : typeof value === 'string' ? [value] : array(value, path).map((item, i) => string(item, `${path}[${i}]`));

  /** Parses with a contract schema and reports every key the schema would silently have dropped. */
  const parseContract = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: Error } }, raw: Raw, path: string): T => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return fail(path, parsed.error.message);
    const dropped = droppedKeys(raw, parsed.data, path);
    if (dropped.length > 0) fail(dropped[0] ?? path, 'unknown key (not part of the contract)');
    return parsed.data;
  };

  const comment = /^#\s*(.+)$/m.exec(source.trimStart())?.[1]?.trim();
  if (comment === undefined || !source.trimStart().startsWith('#')) fail('(top)', 'must start with a comment line saying what the scenario shows');
  const top = object(document, '(top)');
  onlyKeys(top, new Set(['engine', 'skill', 'skills', 'capabilities', 'cases']), '(top)');

  const engineOf = (value: unknown, path: string): ScenarioEngineConfig => {
    if (value === undefined) return {};
    const raw = object(value, path);
    onlyKeys(raw, new Set(Object.keys(ENGINE_KEYS)), path);
    return Object.fromEntries(Object.entries(raw).map(([key, item]) => [ENGINE_KEYS[key], item])) as ScenarioEngineConfig;
  };
  const engine = engineOf(top['engine'], 'engine');

  if ((top['skill'] === undefined) === (top['skills'] === undefined)) fail('(top)', 'needs exactly one of skill or skills');
  const rawSkills = top['skill'] !== undefined ? [top['skill']] : array(top['skills'], 'skills');
  if (rawSkills.length === 0) fail('skills', 'must name at least one skill');
  const skills = rawSkills.map((rawSkill, index) => {
    const path = top['skill'] !== undefined ? 'skill' : `skills[${index}]`;
    const raw = object(rawSkill, path);
    const id = string(raw['id'], `${path}.id`);
    return parseContract(
      SkillDefinition,
      { version: '1.0.0', name: id, description: `Scenario skill ${id} (${file})`, inputs: {}, outputs: {}, ...raw },
      path,
    );
  });

  const capabilities = array(top['capabilities'] ?? [], 'capabilities').map((rawCapability, index): ScenarioCapability => {
    const path = `capabilities[${index}]`;
    const { function: functionName, ...raw } = object(rawCapability, path);
    const name = string(functionName, `${path}.function`);
    if (!functionNames.has(name)) fail(`${path}.function`, `'${name}' is not a scenario function (${[...functionNames].join(', ')})`);
    const id = string(raw['id'], `${path}.id`);
    const definition = parseContract(
      CapabilityDefinition,
      { version: '1.0.0', description: `Scenario capability ${id}`, inputs: {}, outputs: {}, ...raw },
      path,
    );
    return { definition, functionName: name };
  });

  const eventsOf = (value: unknown, path: string): ExpectedEvent[] | undefined => {
    if (value === undefined) return undefined;
    return array(value, path).map((entry, index) => {
      const at = `${path}[${index}]`;
      const [type, stepId = null, data, ...rest] = array(entry, at);
      if (typeof type !== 'string' || !EVENT_TYPES.has(type)) fail(at, `'${String(type)}' is not an event type (${ENGINE_EVENT_TYPES.join(', ')})`);
      if (stepId !== null && typeof stepId !== 'string') fail(at, 'the step id must be a string or null');
      if (rest.length > 0) fail(at, 'is [type, step_id?, data?]');
      const event: ExpectedEvent = { type: type as ExpectedEvent['type'], step_id: stepId as string | null };
      return data === undefined ? event : { ...event, data: object(data, `${at}[2]`) };
    });
  };

  const errorOf = (value: unknown, path: string): ExpectedError => {
    const raw = object(value, path);
    onlyKeys(raw, ERROR_KEYS, path);
    const code = raw['code'];
    if (!isErrorCode(code)) return fail(`${path}.code`, `'${String(code)}' is not an error code`);
    const status = raw['status'];
    if (typeof status !== 'number') return fail(`${path}.status`, 'must be a number (the HTTP status)');
    const stepId = raw['step_id'];
    if (stepId !== undefined && stepId !== null && typeof stepId !== 'string') fail(`${path}.step_id`, 'must be a string or null');
    return {
      code,
      status,
      messageContains: strings(raw['message_contains'], `${path}.message_contains`),
      messageExcludes: strings(raw['message_excludes'], `${path}.message_excludes`),
      ...(Object.hasOwn(raw, 'step_id') ? { stepId: (stepId ?? null) as string | null } : {}),
      ...(raw['details'] !== undefined ? { details: array(raw['details'], `${path}.details`) } : {}),
    };
  };

  const counts = (value: unknown, path: string): Record<string, number> => {
    const raw = object(value, path);
    for (const [name, count] of Object.entries(raw)) {
      if (!functionNames.has(name)) fail(`${path}.${name}`, 'is not a scenario function');
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) fail(`${path}.${name}`, 'must be a count');
    }
    return raw as Record<string, number>;
  };

  const cases = array(top['cases'], 'cases').map((rawCase, index): ScenarioCase => {
    const raw = object(rawCase, `cases[${index}]`);
    const name = string(raw['name'], `cases[${index}].name`);
    const path = `cases[${index}] (${name})`;
    onlyKeys(raw, CASE_KEYS, path);
    if ((raw['outputs'] === undefined) === (raw['error'] === undefined)) fail(path, 'needs exactly one of outputs or error');
    const options = object(raw['options'] ?? {}, `${path}.options`);
    onlyKeys(options, new Set(Object.keys(OPTION_KEYS)), `${path}.options`);
    const audit = raw['audit'];
    const received = raw['received'];
    const maxInFlight = raw['max_in_flight'];
    if (maxInFlight !== undefined && typeof maxInFlight !== 'number') fail(`${path}.max_in_flight`, 'must be a number');
    return {
      name,
      skillId: raw['skill'] === undefined ? (skills[0]?.id ?? '') : string(raw['skill'], `${path}.skill`),
      inputs: raw['inputs'] === undefined ? {} : raw['inputs'],
      options: Object.fromEntries(Object.entries(options).map(([key, value]) => [OPTION_KEYS[key], value])) as RunSkillOptions,
      engine: { ...engine, ...engineOf(raw['engine'], `${path}.engine`) },
      ...(raw['outputs'] !== undefined ? { outputs: object(raw['outputs'], `${path}.outputs`) } : {}),
      ...(raw['error'] !== undefined ? { error: errorOf(raw['error'], `${path}.error`) } : {}),
      ...(raw['events'] !== undefined ? { events: eventsOf(raw['events'], `${path}.events`) } : {}),
      ...(raw['events_in_order'] !== undefined ? { eventsInOrder: eventsOf(raw['events_in_order'], `${path}.events_in_order`) } : {}),
      ...(raw['trace'] !== undefined ? { trace: eventsOf(raw['trace'], `${path}.trace`) } : {}),
      ...(raw['calls'] !== undefined ? { calls: counts(raw['calls'], `${path}.calls`) } : {}),
      ...(received !== undefined
        ? {
            received: Object.fromEntries(
              Object.entries(object(received, `${path}.received`)).map(([fn, inputs]) => {
                if (!functionNames.has(fn)) fail(`${path}.received.${fn}`, 'is not a scenario function');
                return [fn, array(inputs, `${path}.received.${fn}`)];
              }),
            ),
          }
        : {}),
      ...(raw['aborted'] !== undefined ? { aborted: strings(raw['aborted'], `${path}.aborted`) } : {}),
      ...(typeof maxInFlight === 'number' ? { maxInFlight } : {}),
      ...(raw['sleeps'] !== undefined
        ? {
            sleeps: array(raw['sleeps'], `${path}.sleeps`).map((ms, i) =>
              typeof ms === 'number' ? ms : fail(`${path}.sleeps[${i}]`, 'must be a number of ms'),
            ),
          }
        : {}),
      ...(audit !== undefined
        ? {
            audit: array(audit, `${path}.audit`).map((entry, i) => {
              const [skillId, status, ...rest] = array(entry, `${path}.audit[${i}]`);
              if (rest.length > 0) fail(`${path}.audit[${i}]`, 'is [skill_id, status]');
              return [string(skillId, `${path}.audit[${i}][0]`), string(status, `${path}.audit[${i}][1]`)] as const;
            }),
          }
        : {}),
    };
  });
  if (cases.length === 0) fail('cases', 'must hold at least one case');
  const names = new Set<string>();
  for (const { name } of cases) {
    if (names.has(name)) fail('cases', `two cases are named '${name}'`);
    names.add(name);
  }
  return { file, comment: comment ?? '', skills, capabilities, cases };
}

/** Paths of keys present in `raw` but gone from what a schema made of it (zod strips unknown keys). */
function droppedKeys(raw: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, index) => droppedKeys(item, parsed[index], `${path}[${index}]`));
  }
  if (!isObject(raw) || !isObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) =>
    Object.hasOwn(parsed, key) ? droppedKeys(raw[key], parsed[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}
