import type { CapabilityDefinition, SkillDefinition } from '@skill-service/contracts';
import { InMemoryDefinitions } from './in-memory-definitions.js';
import { FunctionInvoker, type CapabilityFunction } from './function-invoker.js';
import { testCapabilities } from './test-capabilities.js';
import { SkillEngine } from '../skill-engine.js';
import { SkillExecutionError } from '../skill-execution-error.js';
import type { SkillEngineConfig } from '../skill-engine-config.js';

export interface TestEngine {
  readonly engine: SkillEngine;
  readonly definitions: InMemoryDefinitions;
  readonly invoker: FunctionInvoker;
  /** Every back-off the engine asked for, in ms (the test sleep returns at once). */
  readonly sleeps: number[];
}

export interface TestEngineOptions extends Partial<Omit<SkillEngineConfig, 'definitions' | 'invoker'>> {
  readonly skills?: readonly SkillDefinition[];
  /** Extra capabilities: a contract and, unless the test wires it itself, its function. */
  readonly capabilities?: readonly { definition: CapabilityDefinition; fn?: CapabilityFunction }[];
}

const FIXED_NOW = new Date('2026-01-02T03:04:05.678Z');

/** An engine over the test capabilities, a fixed clock and a sleep that records and returns at once. */
export function createTestEngine(options: TestEngineOptions = {}): TestEngine {
  const { skills = [], capabilities = [], ...config } = options;
  const definitions = new InMemoryDefinitions();
  const invoker = new FunctionInvoker();
  for (const { definition, fn } of [...testCapabilities(), ...capabilities]) {
    definitions.addCapability(definition);
    if (fn !== undefined) invoker.define(definition.id, fn);
  }
  for (const skill of skills) definitions.addSkill(skill);
  const sleeps: number[] = [];
  const engine = new SkillEngine({
    definitions,
    invoker,
    now: () => FIXED_NOW,
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (signal.aborted) throw signal.reason;
    },
    ...config,
  });
  return { engine, definitions, invoker, sleeps };
}

/** A run's rejection, checked to be a SkillExecutionError (the run started, then failed). */
export async function runFailureOf(promise: Promise<unknown>): Promise<SkillExecutionError> {
  const error = await failureOf(promise);
  if (!(error instanceof SkillExecutionError)) throw new Error(`expected a SkillExecutionError, got ${String(error)}`);
  return error;
}

/** The rejection of a promise, for assertions on its code, details and message. */
export async function failureOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected the promise to reject');
}
