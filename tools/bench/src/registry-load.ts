/*
 * Registry load benchmark: generates a realistic tree (capabilities, skills with data edges,
 * services, one pythoncall binding per capability, a default policy) and times `loadRegistry`.
 *
 *   node --conditions=@skill-service/source --import tsx tools/bench/src/registry-load.ts [capabilities] [skills]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hasErrors, loadRegistry, type Registry } from '@skill-service/registry';

export interface TreeSize {
  readonly capabilities: number;
  readonly skills: number;
}

export interface GeneratedTree {
  readonly registryRoot: string;
  readonly runtimeRoot: string;
  readonly counts: { capabilities: number; skills: number; services: number; bindings: number };
}

/** Deterministic pseudo-random numbers (mulberry32), so every run benchmarks the same tree. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DOMAINS = ['text', 'data', 'code', 'web', 'doc', 'image', 'audio', 'agent', 'memory', 'eval'];
const VERBS = ['extract', 'summarize', 'classify', 'detect', 'transform', 'score', 'merge', 'validate'];
const FIELD_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'];
const SERVICES = 8;

interface GeneratedCapability {
  readonly id: string;
  readonly inputs: string[];
  readonly outputs: string[];
}

function capabilityId(index: number): string {
  const domain = DOMAINS[index % DOMAINS.length] ?? 'text';
  const verb = VERBS[Math.floor(index / DOMAINS.length) % VERBS.length] ?? 'run';
  return `${domain}.item${index}.${verb}`;
}

function capabilityYaml(capability: GeneratedCapability, next: () => number): string {
  const pick = (): string => FIELD_TYPES[Math.floor(next() * FIELD_TYPES.length)] ?? 'string';
  const fields = (names: string[], firstType: string): string =>
    names.map((name, i) => `  ${name}: { type: ${i === 0 ? firstType : pick()}, required: ${i === 0}, description: The ${name}. }`).join('\n');
  return `id: ${capability.id}
version: 1.${Math.floor(next() * 10)}.0
description: Generated capability ${capability.id} for the load benchmark.
inputs:
${fields(capability.inputs, 'string')}
outputs:
${fields(capability.outputs, 'string')}
properties:
  deterministic: ${next() < 0.5}
  side_effects: false
  idempotent: true
metadata:
  status: stable
  tags: [${capability.id.split('.')[0]}, generated]
safety:
  trust_level: standard
`;
}

function skillYaml(id: string, capabilities: readonly GeneratedCapability[], next: () => number): string {
  const stepCount = 3 + Math.floor(next() * 6);
  const steps: string[] = [];
  for (let s = 0; s < stepCount; s++) {
    const capability = capabilities[Math.floor(next() * capabilities.length)];
    if (capability === undefined) continue;
    const [firstInput = 'text', ...otherInputs] = capability.inputs;
    const [firstOutput = 'result'] = capability.outputs;
    // Data edges: each step reads one or two earlier vars, so the plan is a real DAG, not a chain.
    const input = [`${firstInput}: ${s === 0 ? 'inputs.text' : `vars.v${Math.floor(next() * s)}`}`];
    if (otherInputs[0] !== undefined && s > 1) input.push(`${otherInputs[0]}: vars.v${Math.floor(next() * s)}`);
    const target = s === stepCount - 1 ? 'outputs.result' : `vars.v${s}`;
    const config = next() < 0.3 ? `\n    config:\n      timeout_seconds: ${5 + Math.floor(next() * 30)}\n      retry: { max_attempts: 2 }` : '';
    steps.push(`  - id: step${s}
    uses: ${capability.id}
    input: { ${input.join(', ')} }
    output: { ${firstOutput}: ${target} }${config}`);
  }
  return `id: ${id}
version: 0.1.0
name: Generated skill ${id}
description: Generated for the registry load benchmark.
inputs:
  text: { type: string, required: true, description: Input passage. }
outputs:
  result: { type: string, required: true }
steps:
${steps.join('\n')}
metadata:
  status: experimental
  tags: [generated]
`;
}

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** Writes `<dir>/registry` and `<dir>/runtime` in the registry layout. */
export async function generateRegistryTree(dir: string, size: TreeSize): Promise<GeneratedTree> {
  const next = random(20_260_701);
  const registryRoot = join(dir, 'registry');
  const runtimeRoot = join(dir, 'runtime');
  const capabilities: GeneratedCapability[] = Array.from({ length: size.capabilities }, (_, i) => ({
    id: capabilityId(i),
    inputs: ['text', 'options', 'context', 'limit'].slice(0, 2 + Math.floor(next() * 3)),
    outputs: ['result', 'score', 'notes'].slice(0, 1 + Math.floor(next() * 2)),
  }));

  const files: [string, string][] = [];
  for (const capability of capabilities) {
    files.push([join(registryRoot, 'capabilities', `${capability.id}.yaml`), capabilityYaml(capability, next)]);
    const service = `bench_service_${capabilities.indexOf(capability) % SERVICES}`;
    files.push([
      join(runtimeRoot, 'bindings', 'official', capability.id, `python_${capability.id.replaceAll('.', '_')}.yaml`),
      `id: python_${capability.id.replaceAll('.', '_')}
capability: ${capability.id}
service: ${service}
protocol: pythoncall
operation: ${capability.id.split('.')[2] ?? 'run'}
request:
${capability.inputs.map((name) => `  ${name}: input.${name}`).join('\n')}
response:
${capability.outputs.map((name) => `  ${name}: response.${name}`).join('\n')}
`,
    ]);
  }
  for (let s = 0; s < SERVICES; s++) {
    files.push([
      join(runtimeRoot, 'services', 'official', `bench_service_${s}.yaml`),
      `id: bench_service_${s}\nkind: pythoncall\nmodule: bench_services.group_${s}\nmetadata:\n  timeout_seconds: 30\n`,
    ]);
  }
  for (let k = 0; k < size.skills; k++) {
    const domain = DOMAINS[k % DOMAINS.length] ?? 'text';
    const slug = `flow-${k}`;
    files.push([join(registryRoot, 'skills', 'official', domain, slug, 'skill.yaml'), skillYaml(`${domain}.${slug}`, capabilities, next)]);
  }
  files.push([
    join(runtimeRoot, 'policies', 'official_default_selection.yaml'),
    `defaults:\n${capabilities.map((c) => `  ${c.id}: python_${c.id.replaceAll('.', '_')}`).join('\n')}\nprefer: [pythoncall]\n`,
  ]);

  // Bounded parallel writes: fast, without exhausting file descriptors.
  for (let i = 0; i < files.length; i += 256) {
    await Promise.all(files.slice(i, i + 256).map(([path, text]) => write(path, text)));
  }
  return {
    registryRoot,
    runtimeRoot,
    counts: { capabilities: size.capabilities, skills: size.skills, services: SERVICES, bindings: size.capabilities },
  };
}

export interface LoadTiming {
  /** Wall-clock milliseconds of each load. */
  readonly runs: number[];
  readonly min: number;
  readonly median: number;
  /** CPU milliseconds (user + system) of each load: steadier than wall time on a shared machine. */
  readonly cpuRuns: number[];
  readonly registry: Registry;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function timeLoads(tree: GeneratedTree, runs: number): Promise<LoadTiming> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let registry: Registry | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    registry = await loadRegistry({ registryRoot: tree.registryRoot, runtimeRoot: tree.runtimeRoot });
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - started);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  if (registry === undefined) throw new Error('runs must be at least 1');
  return { runs: times, min: Math.min(...times), median: median(times), cpuRuns: cpuTimes, registry };
}

async function main(): Promise<void> {
  const size = { capabilities: Number(process.argv[2] ?? 2000), skills: Number(process.argv[3] ?? 500) };
  const dir = await mkdtemp(join(tmpdir(), 'registry-bench-'));
  try {
    const tree = await generateRegistryTree(dir, size);
    const { runs, min, median: middle, cpuRuns, registry } = await timeLoads(tree, 5);
    const errors = registry.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    console.log(`registry load, ${size.capabilities} capabilities / ${size.skills} skills, 5 runs`);
    console.log(`  runs ms:   ${runs.map((ms) => ms.toFixed(0)).join(', ')}`);
    console.log(`  min ms:    ${min.toFixed(1)}`);
    console.log(`  median ms: ${middle.toFixed(1)}`);
    console.log(`  cpu ms:    ${cpuRuns.map((ms) => ms.toFixed(0)).join(', ')} (median ${median(cpuRuns).toFixed(0)})`);
    console.log(
      `  loaded:    ${registry.capabilities.size} capabilities, ${registry.skills.size} skills, ` +
        `${registry.services.size} services, ${registry.bindings.size} bindings, ${Object.keys(registry.policy.defaults).length} defaults`,
    );
    console.log(`  diagnostics: ${registry.diagnostics.length} (${errors.length} errors)`);
    if (hasErrors(registry)) {
      for (const error of errors.slice(0, 10)) console.error(`  ${error.file} ${error.path}: ${error.message}`);
      process.exitCode = 1;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
