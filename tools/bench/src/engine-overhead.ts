/*
 * Engine overhead benchmark: runs a 3-step and a 10-step skill many times on trivial in-process
 * capabilities (an invoker that answers at once), so the time measured is the engine's own:
 * scheduling, mapping, contract checks, events, deadlines. Prints runs/s and per-step overhead.
 *
 *   node --conditions=@skill-service/source --import tsx tools/bench/src/engine-overhead.ts [iterations]
 */
import { pathToFileURL } from 'node:url';
import {
  CapabilityDefinition,
  SkillDefinition,
  type CapabilityInvocation,
  type CapabilityInvocationResult,
  type CapabilityInvoker,
} from '@skill-service/contracts';
import { SkillEngine, type DefinitionSource } from '@skill-service/engine';

export interface OverheadResult {
  readonly scenario: string;
  readonly steps: number;
  readonly runs: number;
  readonly runsPerSecond: number;
  /** Wall time of one run divided by its step count, over all measured runs. */
  readonly perStepP50Ms: number;
  readonly perStepP99Ms: number;
}

export interface OverheadOptions {
  readonly iterations?: number;
  readonly warmup?: number;
}

const text = (required = true) => ({ type: 'string', required });

const CAPABILITIES = [
  CapabilityDefinition.parse({ id: 'bench.upper', version: '1.0.0', description: 'Upper-case', inputs: { text: text() }, outputs: { text: text() } }),
  CapabilityDefinition.parse({
    id: 'bench.join',
    version: '1.0.0',
    description: 'Join two texts',
    inputs: { a: text(), b: text(), separator: text(false) },
    outputs: { text: text() },
  }),
];

const IMPLEMENTATIONS: Record<string, (input: Record<string, unknown>) => Record<string, unknown>> = {
  'bench.upper': (input) => ({ text: String(input['text']).toUpperCase() }),
  'bench.join': (input) => ({ text: `${String(input['a'])}${String(input['separator'] ?? ' ')}${String(input['b'])}` }),
};

/** Answers synchronously (inside a resolved promise): no I/O, so only the engine is measured. */
const immediateInvoker: CapabilityInvoker = {
  invoke: (invocation: CapabilityInvocation): Promise<CapabilityInvocationResult> => {
    const implementation = IMPLEMENTATIONS[invocation.capability.id];
    if (implementation === undefined) return Promise.reject(new Error(`unknown capability ${invocation.capability.id}`));
    return Promise.resolve({ output: implementation(invocation.input) });
  },
};

const skill = (id: string, steps: Record<string, unknown>[]): SkillDefinition =>
  SkillDefinition.parse({
    id,
    version: '1.0.0',
    name: id,
    description: `Benchmark skill ${id}`,
    inputs: { text: text() },
    outputs: {},
    steps,
  });

/** 3 steps: a chain through vars. */
const THREE_STEPS = skill('bench.three', [
  { id: 'upper', uses: 'bench.upper', input: { text: 'inputs.text' }, output: { text: 'vars.upper' } },
  { id: 'join', uses: 'bench.join', input: { a: 'inputs.text', b: 'vars.upper' }, output: { text: 'vars.joined' } },
  { id: 'final', uses: 'bench.upper', input: { text: 'vars.joined' }, output: { text: 'outputs.result' } },
]);

/** 10 steps: two parallel chains of four that fan in, then two more. */
const TEN_STEPS = skill('bench.ten', [
  ...[0, 1, 2, 3].map((index) => ({
    id: `left${index}`,
    uses: 'bench.upper',
    input: { text: index === 0 ? 'inputs.text' : `vars.left${index - 1}` },
    output: { text: `vars.left${index}` },
  })),
  ...[0, 1, 2, 3].map((index) => ({
    id: `right${index}`,
    uses: 'bench.join',
    input: { a: index === 0 ? 'inputs.text' : `vars.right${index - 1}`, b: { literal: 'x' }, separator: '-' },
    output: { text: `vars.right${index}` },
  })),
  { id: 'fan_in', uses: 'bench.join', input: { a: 'vars.left3', b: 'vars.right3' }, output: { text: 'vars.both' } },
  { id: 'final', uses: 'bench.upper', input: { text: 'vars.both' }, output: { text: 'outputs.result' } },
]);

const definitions: DefinitionSource = {
  getSkill: (id) => [THREE_STEPS, TEN_STEPS].find((candidate) => candidate.id === id),
  getSkillProblems: () => undefined,
  getCapability: (id) => CAPABILITIES.find((candidate) => candidate.id === id),
};

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(engine: SkillEngine, definition: SkillDefinition, iterations: number, warmup: number): Promise<OverheadResult> {
  const steps = definition.steps.length;
  for (let run = 0; run < warmup; run++) await engine.runSkill(definition.id, { text: 'warm up' }, { auditMode: 'off' });
  const perStep: number[] = [];
  const started = performance.now();
  for (let run = 0; run < iterations; run++) {
    const before = performance.now();
    await engine.runSkill(definition.id, { text: 'hello world' }, { auditMode: 'off' });
    perStep.push((performance.now() - before) / steps);
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  perStep.sort((a, b) => a - b);
  return {
    scenario: definition.id,
    steps,
    runs: iterations,
    runsPerSecond: iterations / elapsedSeconds,
    perStepP50Ms: percentile(perStep, 50),
    perStepP99Ms: percentile(perStep, 99),
  };
}

/** Measures both scenarios, one after the other, on one engine (as a server would run them). */
export async function measureEngineOverhead(options: OverheadOptions = {}): Promise<OverheadResult[]> {
  const iterations = options.iterations ?? 20_000;
  const warmup = options.warmup ?? Math.min(2_000, iterations);
  const engine = new SkillEngine({ definitions, invoker: immediateInvoker });
  return [await measure(engine, THREE_STEPS, iterations, warmup), await measure(engine, TEN_STEPS, iterations, warmup)];
}

async function main(): Promise<void> {
  const iterations = Number(process.argv[2] ?? 20_000);
  console.log(`engine overhead, trivial in-process capabilities, ${iterations} runs per scenario after warm-up`);
  for (const result of await measureEngineOverhead({ iterations })) {
    console.log(
      `  ${result.scenario.padEnd(12)} ${String(result.steps).padStart(2)} steps  ` +
        `${result.runsPerSecond.toFixed(0).padStart(7)} runs/s  ` +
        `per step p50 ${result.perStepP50Ms.toFixed(4)} ms  p99 ${result.perStepP99Ms.toFixed(4)} ms`,
    );
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
