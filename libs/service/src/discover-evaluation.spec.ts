// The discover evaluation set (libs/catalog/src/evaluation/discover-intents.json) against the
// repository's own registry: top-3 must stay at or above 90 % (the benchmark prints the figures).
import { afterAll, describe, expect, it } from '@jest/globals';
import { evaluateDiscover, parseDiscoverIntents } from '@skill-service/catalog';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillService } from './skill-service.js';
import { REPO_ROOT, testConfig } from './testing/test-config.js';

const INTENTS_FILE = join(REPO_ROOT, 'libs', 'catalog', 'src', 'evaluation', 'discover-intents.json');

const service = await SkillService.open(testConfig().config, { version: 'test' });
afterAll(() => service.close());

describe('discover on the default registry', () => {
  it('finds the expected skill within the top 3 for at least 90 % of the evaluation intents', async () => {
    const cases = parseDiscoverIntents(JSON.parse(await readFile(INTENTS_FILE, 'utf8')));
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const known = new Set(service.listSkills({ offset: 0, limit: 100 }).skills.map((skill) => skill.id));
    expect(cases.filter((entry) => !known.has(entry.expected))).toEqual([]);
    const evaluation = evaluateDiscover((request) => service.discoverSkills(request), cases);
    expect(evaluation.misses.filter((miss) => !miss.got.includes(miss.expected))).toEqual([]);
    expect(evaluation.top3).toBeGreaterThanOrEqual(0.9);
    expect(evaluation.top1).toBeGreaterThanOrEqual(0.8);
  });
});
