// Every example skill of docs/skill-language.md (a yaml block with `id: docs.*`) is a real skill:
// it loads into a registry beside the built-in capabilities without a diagnostic, and each of its
// metadata.examples executes through the built-in providers to exactly the outputs it states.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_REGISTRY_ROOT, REPO_ROOT } from './install-paths.js';
import { SkillService } from './skill-service.js';
import { testConfig } from './testing/test-config.js';
import { isExampleSkill, yamlBlocks } from './testing/yaml-blocks.js';

jest.setTimeout(120_000);

const DOC = join(REPO_ROOT, 'docs', 'skill-language.md');

let dir = '';
let service: SkillService;
let ids: string[] = [];

beforeAll(async () => {
  const skills = yamlBlocks(await readFile(DOC, 'utf8')).filter(isExampleSkill);
  ids = skills.map((block) => /^id: (docs\.[\w.-]+)$/m.exec(block)?.[1] ?? '');
  dir = await mkdtemp(join(tmpdir(), 'docs-skills-'));
  await cp(join(BUILTIN_REGISTRY_ROOT, 'capabilities'), join(dir, 'capabilities'), { recursive: true });
  for (const [index, block] of skills.entries()) {
    const folder = join(dir, 'skills', 'official', 'docs', `example-${index}`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'skill.yaml'), block);
  }
  service = await SkillService.open(
    testConfig({ registryRoot: dir }).config,
    { version: 'docs' },
  );
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('docs/skill-language.md', () => {
  it('has example skills, and yaml blocks are found as marked reads them', () => {
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(yamlBlocks('# x\n\n```yaml\nid: docs.a\nsteps: []\n```\n\n```sh\nid: docs.b\n```\n').filter(isExampleSkill)).toEqual(['id: docs.a\nsteps: []']);
  });

  it('examples load without a problem', () => {
    const problems = service.runtime.registry.diagnostics.filter((diagnostic) => diagnostic.severity === 'error' || diagnostic.file.includes('skills'));
    expect(problems).toEqual([]);
    for (const id of ids) expect(service.runtime.registry.skills.has(id)).toBe(true);
  });

  it('every example of every example skill gives the outputs it states', async () => {
    let checked = 0;
    for (const id of ids) {
      for (const example of service.describeSkill(id).examples) {
        const result = await service.executeSkill(id, { inputs: example.inputs }, { traceId: `docs-${id}`, channel: 'cli' });
        expect({ id, example: example.description, outputs: result.outputs }).toEqual({ id, example: example.description, outputs: example.outputs });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(ids.length);
  });
});
