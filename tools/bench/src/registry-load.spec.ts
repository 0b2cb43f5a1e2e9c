import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateRegistryTree, timeLoads, type GeneratedTree } from './registry-load.js';

// Keeps the benchmark's generator honest: a small tree must load completely and cleanly.
describe('generateRegistryTree', () => {
  let dir: string;
  let tree: GeneratedTree;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'registry-bench-spec-'));
    tree = await generateRegistryTree(dir, { capabilities: 20, skills: 5 });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the registry layout', async () => {
    expect(await readdir(join(tree.registryRoot, 'capabilities'))).toHaveLength(20);
    expect(await readdir(join(tree.runtimeRoot, 'bindings', 'official'))).toHaveLength(20);
    expect(tree.counts).toEqual({ capabilities: 20, skills: 5, services: 8, bindings: 20 });
  });

  it('loads with the right counts and no diagnostics at all', async () => {
    const { registry, runs, min, median } = await timeLoads(tree, 2);
    expect(registry.diagnostics).toEqual([]);
    expect(registry.capabilities.size).toBe(20);
    expect(registry.skills.size).toBe(5);
    expect(registry.rejectedSkills.size).toBe(0);
    expect(registry.services.size).toBe(8);
    expect(registry.bindings.size).toBe(20);
    expect(Object.keys(registry.policy.defaults)).toHaveLength(20);
    expect(runs).toHaveLength(2);
    expect(min).toBeLessThanOrEqual(median);
  });

  it('generates skills of 3 to 8 steps joined by data edges', async () => {
    const { registry } = await timeLoads(tree, 1);
    for (const { definition } of registry.skills.values()) {
      expect(definition.steps.length).toBeGreaterThanOrEqual(3);
      expect(definition.steps.length).toBeLessThanOrEqual(8);
      const reads = definition.steps.slice(1).flatMap((step) => Object.values(step.input));
      expect(reads.every((value) => typeof value === 'string' && value.startsWith('vars.'))).toBe(true);
      expect(Object.values(definition.steps.at(-1)?.output ?? {})).toEqual(['outputs.result']);
    }
  });
});
