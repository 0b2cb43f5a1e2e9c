// @skill-service/test-support (type:test-support) is for tests only: each case lints one import of
// it with the workspace's eslint.config.mjs, as a production file of a project of every layer (an
// error) and as that project's spec file and test fixture (clean), so loosening the production
// matrix, or losing the files-scoped one for tests, fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createWorkspaceLinter, workspaceRoot, type WorkspaceLinter } from './index.js';

const BOUNDARIES = '@nx/enforce-module-boundaries';
const TEST_SUPPORT = '@skill-service/test-support';
// Nx words the refusal differently when a layer may import no library at all (type:util).
const refused = (tag: string): RegExp => new RegExp(`^A project tagged with "${tag}" (can only depend on libs tagged with|cannot depend on any libs with tags)`);
const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'lint-fixtures', `${name}.ts.fixture`), 'utf8');

// One project of each layer tag, public and internal ones among them.
const PROJECTS: readonly (readonly [tag: string, project: string])[] = [
  ['type:app', '@skill-service/server'],
  ['type:tool', '@skill-service/workspace-rules'],
  ['type:feature', '@skill-service/service'],
  ['type:adapter', '@skill-service/redis-state'],
  ['type:domain', '@skill-service/engine'],
  ['type:contract', '@skill-service/contracts'],
  ['type:util', '@skill-service/util'],
];

let linter: WorkspaceLinter;

beforeAll(async () => {
  linter = await createWorkspaceLinter();
}, 60_000);

const errorsOf = async (project: string, fileName: string): Promise<{ line: number; ruleId: string | null; message: string }[]> =>
  (await linter.lintAs(project, fixture('imports-test-support'), fileName))
    .filter((m) => m.severity === 2)
    .map(({ line, ruleId, message }) => ({ line, ruleId, message }));

describe(`production code may not import ${TEST_SUPPORT}`, () => {
  it.each(PROJECTS)('a %s project (%s)', async (tag, project) => {
    expect(await errorsOf(project, 'imports-test-support.ts')).toEqual(
      expect.arrayContaining([{ line: 1, ruleId: BOUNDARIES, message: expect.stringMatching(refused(tag)) }]),
    );
  });
});

describe(`spec files and test fixtures may import ${TEST_SUPPORT}`, () => {
  it.each(PROJECTS)('a %s project (%s): src/*.spec.ts and src/testing/*.ts lint clean', async (_tag, project) => {
    expect(await errorsOf(project, 'imports-test-support.spec.ts')).toEqual([]);
    expect(await errorsOf(project, 'testing/imports-test-support.ts')).toEqual([]);
  });
});

describe(`${TEST_SUPPORT} is a leaf`, () => {
  it('its own code may not import a workspace library', async () => {
    const messages = await linter.lintAs(TEST_SUPPORT, fixture('imports-registry'), 'imports-registry.ts');
    expect(messages.filter((m) => m.severity === 2).map(({ line, ruleId, message }) => ({ line, ruleId, message }))).toEqual(
      expect.arrayContaining([{ line: 1, ruleId: BOUNDARIES, message: expect.stringMatching(refused('type:test-support')) }]),
    );
  });
});

describe(`no package installs ${TEST_SUPPORT}`, () => {
  const manifests = ['apps', 'libs', 'libs/providers', 'tools'].flatMap((parent) =>
    readdirSync(join(workspaceRoot, parent))
      .map((name) => join(parent, name, 'package.json'))
      .filter((path) => existsSync(join(workspaceRoot, path))),
  );

  it('finds the workspace manifests', () => {
    expect(manifests).toEqual(expect.arrayContaining(['apps/server/package.json', 'libs/redis-state/package.json', 'tools/test-support/package.json']));
  });

  it.each(manifests)('%s lists it under devDependencies at most', (path) => {
    const manifest = JSON.parse(readFileSync(join(workspaceRoot, path), 'utf8')) as Record<string, Record<string, string> | undefined>;
    expect(['dependencies', 'peerDependencies', 'optionalDependencies'].filter((field) => manifest[field]?.[TEST_SUPPORT] !== undefined)).toEqual([]);
  });

  it('is private, so it is never published', () => {
    expect(JSON.parse(readFileSync(join(workspaceRoot, 'tools/test-support/package.json'), 'utf8'))).toMatchObject({ private: true });
  });
});
