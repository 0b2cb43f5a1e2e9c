// Each case lints a fixture of src/lint-fixtures/ as a file of a real project with the workspace's
// eslint.config.mjs and expects the exact error of the rule it breaks: drop or loosen a rule and
// its case fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Linter } from 'eslint';
import { createWorkspaceLinter, type WorkspaceLinter } from './index.js';

const BOUNDARIES = '@nx/enforce-module-boundaries';
const RESTRICTED_IMPORTS = 'no-restricted-imports';
const RESTRICTED_PROPERTIES = 'no-restricted-properties';

const CONTRACTS = '@skill-service/contracts'; // type:contract, scope:public
const REGISTRY = '@skill-service/registry'; // type:domain, scope:public
const ENGINE = '@skill-service/engine'; // type:domain, scope:public
const WORKSPACE_RULES = '@skill-service/workspace-rules'; // type:tool, scope:internal
// No project is both on a layer a public library may import and scope:internal yet, so the
// audience rule is checked against a simulated one (the layer rule would fire first otherwise).
const INTERNAL_UTIL = '@skill-service/simulated-internal-util';
// Not installed yet: Nx applies bannedExternalImports only to packages of the project graph.
const IO_FRAMEWORKS = ['express', 'commander', 'winston', 'supertest'];

const NO_IO = 'Core libraries do no I/O: declare a port and implement it in an adapter.';
const NO_FRAMEWORK = 'Core libraries import no I/O framework: declare a port and implement it in an adapter or app.';
const NO_ENV = 'Core libraries read no environment: take configuration as arguments.';
const ENTRY_POINT_ONLY = 'Import a library through its entry point only (its src/index.ts).';

type Expected = readonly [line: number, ruleId: string, messagePart: string];

let linter: WorkspaceLinter;

/** Lints src/lint-fixtures/<name>.ts.fixture as <project root>/src/<name>.ts. */
const lintFixture = (project: string, name: string): Promise<Linter.LintMessage[]> =>
  linter.lintAs(project, readFileSync(join(import.meta.dirname, 'lint-fixtures', `${name}.ts.fixture`), 'utf8'), `${name}.ts`);

const expectErrors = (messages: Linter.LintMessage[], expected: readonly Expected[]): void => {
  const errors = messages.filter((m) => m.severity === 2).map(({ line, ruleId, message }) => ({ line, ruleId, message }));
  expect(errors).toEqual(
    expect.arrayContaining(
      expected.map(([line, ruleId, messagePart]) => ({ line, ruleId, message: expect.stringContaining(messagePart) })),
    ),
  );
};

beforeAll(async () => {
  linter = await createWorkspaceLinter({
    packages: IO_FRAMEWORKS,
    projects: [{ name: INTERNAL_UTIL, root: 'libs/simulated-internal-util', tags: ['type:util', 'scope:internal'] }],
  });
}, 60_000);

describe('I/O frameworks are banned external imports of core libraries', () => {
  it.each([
    ['type:domain', REGISTRY],
    ['type:contract', CONTRACTS],
  ])('a %s library (%s) may not import express, commander, winston or supertest', async (tag, project) => {
    expectErrors(
      await lintFixture(project, 'io-frameworks'),
      IO_FRAMEWORKS.flatMap((name, i): Expected[] => [
        [i + 1, BOUNDARIES, `A project tagged with "${tag}" is not allowed to import "${name}"`],
        // Banned by name as well, so the ban holds even before the package is installed.
        [i + 1, RESTRICTED_IMPORTS, `'${name}' import is restricted from being used by a pattern. ${NO_FRAMEWORK}`],
      ]),
    );
  });
});

describe('network and file builtins are restricted imports of core libraries', () => {
  it.each([
    ['type:domain', ENGINE],
    ['type:contract', CONTRACTS],
  ])('a %s library (%s) may not import node:http or http', async (_tag, project) => {
    expectErrors(await lintFixture(project, 'network-builtins'), [
      [1, RESTRICTED_IMPORTS, `'node:http' import is restricted from being used. ${NO_IO}`],
      [2, RESTRICTED_IMPORTS, `'http' import is restricted from being used. ${NO_IO}`],
    ]);
  });

  it('a type:contract library (@skill-service/contracts) may not import node:fs or fs/promises', async () => {
    expectErrors(await lintFixture(CONTRACTS, 'file-builtins'), [
      [1, RESTRICTED_IMPORTS, `'node:fs' import is restricted from being used. ${NO_IO}`],
      [2, RESTRICTED_IMPORTS, `'fs/promises' import is restricted from being used. ${NO_IO}`],
    ]);
  });
});

describe('process.env is a restricted property in core libraries', () => {
  it.each([
    ['type:domain', ENGINE],
    ['type:contract', CONTRACTS],
  ])('a %s library (%s) may not read process.env', async (_tag, project) => {
    expectErrors(await lintFixture(project, 'environment'), [
      [1, RESTRICTED_PROPERTIES, `'process.env' is restricted from being used. ${NO_ENV}`],
    ]);
  });
});

describe('a library is imported through its entry point only', () => {
  it.each([
    ['type:domain', ENGINE],
    ['type:contract', CONTRACTS],
    ['type:tool', WORKSPACE_RULES],
  ])('a %s project (%s) may not deep-import @skill-service/contracts/src/errors.js', async (_tag, project) => {
    expectErrors(await lintFixture(project, 'deep-import'), [
      [
        1,
        RESTRICTED_IMPORTS,
        `'@skill-service/contracts/src/errors.js' import is restricted from being used by a pattern. ${ENTRY_POINT_ONLY}`,
      ],
    ]);
  });

  it('a relative import may not reach into another project (libs/engine importing ../../registry/src/index.js)', async () => {
    expectErrors(await lintFixture(ENGINE, 'relative-import'), [
      [1, BOUNDARIES, 'Projects cannot be imported by a relative or absolute path, and must begin with a npm scope'],
    ]);
  });
});

describe('layers: each type:* tag depends only on the layers it names', () => {
  it('a type:contract library (@skill-service/contracts) may not import a type:tool project (@skill-service/workspace-rules)', async () => {
    expectErrors(await lintFixture(CONTRACTS, 'imports-workspace-rules'), [
      [1, BOUNDARIES, 'A project tagged with "type:contract" can only depend on libs tagged with "type:util"'],
    ]);
  });

  it('a type:domain library (@skill-service/engine) may not import another type:domain library (@skill-service/registry)', async () => {
    expectErrors(await lintFixture(ENGINE, 'imports-registry'), [
      [1, BOUNDARIES, 'A project tagged with "type:domain" can only depend on libs tagged with "type:contract", "type:util"'],
    ]);
  });

  it('a type:contract library (@skill-service/contracts) may not import a type:domain library (@skill-service/registry), reported as the cycle it closes', async () => {
    // Every domain library depends on contracts, and Nx checks cycles before tags.
    expectErrors(await lintFixture(CONTRACTS, 'imports-registry'), [
      [1, BOUNDARIES, 'Circular dependency between "@skill-service/contracts" and "@skill-service/registry" detected'],
    ]);
  });
});

describe('audience: scope:public depends on scope:public only', () => {
  it('a scope:public library (@skill-service/contracts) may not import a scope:internal type:util library', async () => {
    expectErrors(await lintFixture(CONTRACTS, 'imports-internal-util'), [
      [1, BOUNDARIES, 'A project tagged with "scope:public" can only depend on libs tagged with "scope:public"'],
    ]);
  });
});

describe('a conforming file', () => {
  it('a type:domain library (@skill-service/registry) importing @skill-service/contracts and node:path lints clean', async () => {
    expect(await lintFixture(REGISTRY, 'clean')).toEqual([]);
  });
});
