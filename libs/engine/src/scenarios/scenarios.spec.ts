import { describe, expect, it } from '@jest/globals';
import { ServiceError, StreamEvent, type ExecutionResult } from '@skill-service/contracts';
import { load } from 'js-yaml';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditRunSummary } from '../audit/audit-run-summary.js';
import { SkillEngine } from '../skill-engine.js';
import { SkillExecutionError } from '../skill-execution-error.js';
import { FunctionInvoker } from '../testing/function-invoker.js';
import { InMemoryDefinitions } from '../testing/in-memory-definitions.js';
import { createScenarioLibrary } from '../testing/scenario-capabilities.js';
import { parseScenarioFile, type ExpectedEvent, type ScenarioCase, type ScenarioFile } from '../testing/scenario-file.js';

/**
 * The engine's semantics (docs/skill-language.md) as data: every `*.yaml` beside this file is a small skill,
 * the capabilities it uses (each backed by a real function of the scenario library) and cases of
 * inputs → outputs or error, events and observations. Every case is one test, `<file> › <case>`.
 *
 * Besides what a case states, every case checks the invariants that hold for any run: streamed
 * events are valid envelopes of the run's trace id; a completed run returns `events` exactly when
 * `include_trace` asked, equal to the stream; a failed run's error carries the stream; an error
 * raised before the run started (bad options, inputs or plan) streamed nothing and called nothing.
 */

const FOLDER = import.meta.dirname;
const FUNCTION_NAMES: ReadonlySet<string> = new Set(Object.keys(createScenarioLibrary().functions));
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const files = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.yaml'))
  .sort();

function loadScenario(name: string): ScenarioFile {
  const source = readFileSync(join(FOLDER, name), 'utf8');
  return parseScenarioFile(name, source, load(source, { filename: name }), FUNCTION_NAMES);
}

const pairs = (events: readonly StreamEvent[]): [string, string | null][] => events.map((event) => [event.type, event.step_id]);
const expectedPairs = (events: readonly ExpectedEvent[]): [string, string | null][] => events.map((event) => [event.type, event.step_id]);

/** The stream (or trace) equals the expected events; entries with `data` also match it partially. */
function expectEvents(actual: readonly StreamEvent[], expected: readonly ExpectedEvent[]): void {
  expect(pairs(actual)).toEqual(expectedPairs(expected));
  expected.forEach((event, index) => {
    if (event.data !== undefined) expect({ at: index, data: actual[index]?.data }).toMatchObject({ at: index, data: event.data });
  });
}

/** `expected` occurs in `actual` in this order (other events may come between). */
function expectSubsequence(actual: readonly StreamEvent[], expected: readonly ExpectedEvent[]): void {
  let from = 0;
  for (const event of expected) {
    const found = actual.findIndex(
      (candidate, index) =>
        index >= from &&
        candidate.type === event.type &&
        candidate.step_id === event.step_id &&
        (event.data === undefined || expectMatches(candidate.data, event.data)),
    );
    // On a miss, show the whole stream next to the event that was not found after position `from`.
    if (found < 0) expect({ notFoundAfter: from, event, stream: pairs(actual) }).toEqual({ notFoundAfter: from, event: null, stream: pairs(actual) });
    from = found + 1;
  }
}

function expectMatches(actual: unknown, expected: unknown): boolean {
  try {
    expect(actual).toMatchObject(expected as Record<string, unknown>);
    return true;
  } catch {
    return false;
  }
}

async function runCase(scenario: ScenarioFile, testCase: ScenarioCase): Promise<void> {
  const library = createScenarioLibrary();
  const definitions = new InMemoryDefinitions(
    scenario.capabilities.map((capability) => capability.definition),
    scenario.skills,
  );
  const invoker = new FunctionInvoker();
  for (const { definition, functionName } of scenario.capabilities) {
    const fn = library.functions[functionName];
    if (fn !== undefined) invoker.define(definition.id, fn);
  }
  const sleeps: number[] = [];
  const audit: AuditRunSummary[] = [];
  const engine = new SkillEngine({
    definitions,
    invoker,
    // The back-off is recorded, not waited for (as createTestEngine does), so retry cases are fast.
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (signal.aborted) throw signal.reason;
    },
    audit: {
      record: async (summary) => {
        audit.push(summary);
      },
    },
    ...testCase.engine,
  });

  const streamed: StreamEvent[] = [];
  let result: ExecutionResult | undefined;
  let failure: unknown;
  try {
    result = await engine.runSkill(testCase.skillId, structuredClone(testCase.inputs), {
      ...testCase.options,
      onEvent: (event) => streamed.push(event),
    });
  } catch (error) {
    failure = error;
  }
  // A failed run rejects without waiting for aborted providers; let them settle before looking.
  await library.settled();
  const seen = library.observations;

  // Invariants of every run.
  const traceId = result?.trace_id ?? (failure instanceof SkillExecutionError ? failure.traceId : undefined);
  for (const event of streamed) {
    expect(StreamEvent.safeParse(event).success).toBe(true);
    expect(event.timestamp).toMatch(RFC3339_UTC);
    expect(event.trace_id).toBe(traceId);
  }
  if (result !== undefined) {
    expect(result).toMatchObject({ skill_id: testCase.skillId, status: 'completed' });
    if (testCase.options.includeTrace === true) expect(result.events).toEqual(streamed);
    else expect(result).not.toHaveProperty('events');
  } else if (failure instanceof SkillExecutionError) {
    expect(failure.events).toEqual(streamed);
  } else {
    expect(failure).toBeInstanceOf(ServiceError);
    // Refused before the run started: nothing was streamed, nothing was called.
    expect({ events: pairs(streamed), calls: seen.calls }).toEqual({ events: [], calls: {} });
  }

  // What the case states.
  if (testCase.outputs !== undefined) {
    if (failure !== undefined) throw new Error(`expected outputs, the run failed: ${String(failure)}`, { cause: failure });
    expect(result?.outputs).toEqual(testCase.outputs);
  }
  const expectedError = testCase.error;
  if (expectedError !== undefined) {
    if (failure === undefined) throw new Error(`expected error ${expectedError.code}, the run completed with ${JSON.stringify(result?.outputs)}`);
    if (!(failure instanceof ServiceError)) throw failure;
    expect({ code: failure.code, status: failure.status }).toEqual({ code: expectedError.code, status: expectedError.status });
    for (const part of expectedError.messageContains) expect(failure.message).toContain(part);
    for (const part of expectedError.messageExcludes) expect(failure.message).not.toContain(part);
    if (expectedError.stepId !== undefined) {
      expect(failure instanceof SkillExecutionError ? failure.stepId : null).toBe(expectedError.stepId);
    }
    if (expectedError.details !== undefined) expect(failure.details).toMatchObject(expectedError.details);
  }
  if (testCase.events !== undefined) expectEvents(streamed, testCase.events);
  if (testCase.eventsInOrder !== undefined) expectSubsequence(streamed, testCase.eventsInOrder);
  if (testCase.trace !== undefined) {
    const trace = result?.events ?? (failure instanceof SkillExecutionError ? failure.events : undefined);
    expect(trace).toBeDefined();
    expectEvents(trace ?? [], testCase.trace);
  }
  if (testCase.calls !== undefined) {
    const expected = Object.fromEntries(Object.entries(testCase.calls).filter(([, count]) => count > 0));
    expect(seen.calls).toEqual(expected);
  }
  for (const [name, inputs] of Object.entries(testCase.received ?? {})) expect({ [name]: seen.received[name] ?? [] }).toEqual({ [name]: inputs });
  if (testCase.aborted !== undefined) expect([...seen.aborted].sort()).toEqual([...testCase.aborted].sort());
  if (testCase.maxInFlight !== undefined) expect(seen.maxInFlight).toBe(testCase.maxInFlight);
  if (testCase.sleeps !== undefined) expect(sleeps).toEqual(testCase.sleeps);
  if (testCase.audit !== undefined) expect(audit.map((record) => [record.skillId, record.status])).toEqual(testCase.audit);
}

describe('engine scenarios (YAML)', () => {
  it('finds the scenario files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const name of files) {
    let scenario: ScenarioFile;
    try {
      scenario = loadScenario(name);
    } catch (error) {
      // A malformed file fails as one test that names the file and the field.
      it(`${name} › loads`, () => {
        throw error;
      });
      continue;
    }
    for (const testCase of scenario.cases) {
      it(`${name} › ${testCase.name}`, () => runCase(scenario, testCase));
    }
  }
});
