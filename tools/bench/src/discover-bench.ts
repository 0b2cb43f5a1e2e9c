/*
 * Discover benchmark (`npm run bench:discover`): the quality of the ranking on the evaluation set
 * (libs/catalog/src/evaluation/discover-intents.json, intents → expected skill of registry/skills):
 * top-1 and top-3 hit rates; then the latency of discover over a catalog of generated skills:
 * index build time and p50/p99/max per query. Targets: top-3 ≥ 90 %, p99 ≤ 5 ms.
 *
 *   node --conditions=@skill-service/source --import tsx tools/bench/src/discover-bench.ts [--skills 2000] [--queries 2000]
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SkillCatalog, evaluateDiscover, parseDiscoverIntents, type CatalogSkill, type DiscoverIntentCase } from '@skill-service/catalog';
import { SkillDefinition } from '@skill-service/contracts';
import { loadRegistry } from '@skill-service/registry';
import { random } from './registry-load.js';
import { percentile } from './report.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DISCOVER_INTENTS_FILE = join(ROOT, 'libs/catalog/src/evaluation/discover-intents.json');

const TOP3_TARGET = 0.9;
const P99_TARGET_MS = 5;

const DOMAINS = ['text', 'data', 'code', 'web', 'doc', 'image', 'audio', 'agent', 'memory', 'eval', 'security', 'finance'];
const VERBS = ['extract', 'summarize', 'classify', 'detect', 'transform', 'score', 'merge', 'validate', 'rank', 'translate', 'redact', 'compare'];
const OBJECTS = [
  'invoice', 'contract', 'email', 'ticket', 'report', 'page', 'record', 'transcript', 'image', 'receipt', 'log', 'schema',
  'keyword', 'entity', 'sentence', 'table', 'chart', 'policy', 'order', 'profile', 'review', 'diff', 'message', 'form',
];
const QUALIFIERS = ['quickly', 'in bulk', 'with citations', 'for auditors', 'per customer', 'across languages', 'before publishing', 'from scans'];
const ROLES = ['procedure', 'utility', 'sidecar'] as const;

/** `count` skills with realistic text fields (names, descriptions, tags, use cases, example descriptions). */
export function generateSkills(count: number, seed = 7): Map<string, CatalogSkill> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const skills = new Map<string, CatalogSkill>();
  for (let index = 0; index < count; index += 1) {
    const domain = pick(DOMAINS);
    const verb = pick(VERBS);
    const object = pick(OBJECTS);
    const other = pick(OBJECTS);
    const id = `${domain}.${verb}-${object}-${index}`;
    const definition = SkillDefinition.parse({
      id,
      version: '1.0.0',
      name: `${verb} ${object} ${pick(QUALIFIERS)}`,
      description: `${verb} the ${object} of a ${other}, then ${pick(VERBS)} the result ${pick(QUALIFIERS)}.`,
      inputs: { text: { type: 'string', required: true } },
      outputs: { result: { type: 'object' } },
      steps: [{ id: 'only', uses: `${domain}.${verb}`, input: { text: 'inputs.text' }, output: { result: 'outputs.result' } }],
      metadata: {
        status: next() < 0.8 ? 'stable' : 'experimental',
        tags: [domain, verb, object],
        use_cases: [`${verb} every ${object} ${pick(QUALIFIERS)}`, `help a team ${pick(VERBS)} ${other} data`],
        examples: [{ description: `A ${object} with a ${other}`, input: {} }],
        classification: { role: pick(ROLES), invocation: next() < 0.1 ? 'both' : 'direct', effect_mode: next() < 0.5 ? 'read_only' : 'enrich' },
      },
    });
    skills.set(id, { definition, domain, channel: 'official' });
  }
  return skills;
}

function catalogOver(skills: ReadonlyMap<string, CatalogSkill>): SkillCatalog {
  return new SkillCatalog({ skills, capabilities: new Map(), hasEligibleBinding: () => true });
}

export function loadIntents(): DiscoverIntentCase[] {
  return parseDiscoverIntents(JSON.parse(readFileSync(DISCOVER_INTENTS_FILE, 'utf8')));
}

function generatedIntents(count: number, seed = 11): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: count }, () => `${pick(VERBS)} the ${pick(OBJECTS)} of a ${pick(OBJECTS)} ${pick(QUALIFIERS)}`);
}

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index < 0 ? undefined : Number(process.argv[index + 1]);
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;
const ms = (value: number): string => `${value.toFixed(3)} ms`;

async function main(): Promise<void> {
  const skillCount = arg('skills', 2000);
  const queryCount = arg('queries', 2000);

  const registry = await loadRegistry({ registryRoot: join(ROOT, 'registry'), runtimeRoot: ROOT });
  const real = catalogOver(registry.skills);
  const cases = loadIntents();
  const quality = evaluateDiscover((request) => real.discover(request), cases);
  console.log(`discover quality: ${cases.length} intents over ${registry.skills.size} registry skills`);
  console.log(`  top-1 ${percent(quality.top1)}, top-3 ${percent(quality.top3)} (target top-3 ≥ ${percent(TOP3_TARGET)}: ${quality.top3 >= TOP3_TARGET ? 'met' : 'MISSED'})`);
  for (const miss of quality.misses) console.log(`  not first: "${miss.intent}" → expected ${miss.expected}, got ${miss.got.join(', ')}`);

  const skills = generateSkills(skillCount);
  const catalog = catalogOver(skills);
  const buildStarted = performance.now();
  catalog.discover({ intent: 'warm up', limit: 10 });
  const buildMs = performance.now() - buildStarted;
  const intents = [...cases.map((entry) => entry.intent), ...generatedIntents(queryCount)];
  for (const intent of intents.slice(0, 200)) catalog.discover({ intent, limit: 10 });
  const timings: number[] = [];
  for (let index = 0; index < queryCount; index += 1) {
    const intent = intents[index % intents.length] as string;
    const started = performance.now();
    catalog.discover({ intent, limit: 10 });
    timings.push(performance.now() - started);
  }
  const p99 = percentile(timings, 99);
  console.log(`discover latency: ${skillCount} generated skills, ${queryCount} queries (limit 10)`);
  console.log(`  index build ${ms(buildMs)}; p50 ${ms(percentile(timings, 50))}, p99 ${ms(p99)}, max ${ms(Math.max(...timings))} (target p99 ≤ ${P99_TARGET_MS} ms: ${p99 <= P99_TARGET_MS ? 'met' : 'MISSED'})`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
