// Lint for the whole workspace (each project's `lint` target is inferred from this file).
// The layering of docs/architecture.md is enforced here: tags come from each project's package.json,
// and the per-layer bans are applied to the files of the projects carrying those tags.
import nx from '@nx/eslint-plugin';
import jsoncParser from 'jsonc-eslint-parser';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SCOPE = '@skill-service';
// Lint runs with each project as its working directory: resolve from this file instead.
const root = import.meta.dirname;
const projectDirs = ['libs', 'libs/providers', 'apps', 'tools'].flatMap((parent) =>
  existsSync(join(root, parent))
    ? readdirSync(join(root, parent), { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(root, parent, d.name, 'package.json')))
        .map((d) => `${parent}/${d.name}`)
    : [],
);
const tagsOf = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).nx?.tags ?? [];
// A glob that matches nothing keeps a config block valid when no project carries the tag yet.
const filesOfTag = (...tags) => {
  const globs = projectDirs.filter((dir) => tags.some((t) => tagsOf(dir).includes(t))).map((dir) => `${dir}/**/*.ts`);
  return globs.length > 0 ? globs : ['no-project-has-this-tag/**'];
};

const deepImportBan = {
  regex: `^${SCOPE}/[^/]+/(?!package\\.json$).+`,
  message: 'Import a library through its entry point only (its src/index.ts).',
};
const ioFrameworks = ['express', 'commander', 'winston', 'pino', 'supertest', 'got', 'undici', 'prom-client', '@modelcontextprotocol/*'];
const networkBuiltins = ['http', 'https', 'net', 'tls', 'dgram', 'child_process', 'cluster'].flatMap((m) => [m, `node:${m}`]);
const fileBuiltins = ['fs', 'fs/promises'].flatMap((m) => [m, `node:${m}`]);
const builtinBan = (names) =>
  names.map((name) => ({ name, message: 'Core libraries do no I/O: declare a port and implement it in an adapter.' }));
// Also banned by name, so the ban holds before a package is even installed (the boundary rule
// only knows packages present in the project graph).
const frameworkBan = {
  group: ioFrameworks.flatMap((name) => (name.endsWith('/*') ? [name] : [name, `${name}/*`])),
  message: 'Core libraries import no I/O framework: declare a port and implement it in an adapter or app.',
};
const testFiles = ['**/*.spec.ts', '**/src/testing/**/*.ts', '**/src/test-servers/**'];

/**
 * The layer (type:*) and audience (scope:*) matrix (docs/architecture.md). `forTests` is the matrix
 * of spec files and test fixtures: an adapter's tests may wire in other adapters, and any project's
 * tests may use @skill-service/test-support (type:test-support), which production code never may.
 */
function boundaries({ forTests }) {
  const testSupport = forTests ? ['type:test-support'] : [];
  const adapterMay = ['type:domain', 'type:contract', 'type:util', ...(forTests ? ['type:adapter'] : [])];
  return [
    'error',
    {
      // Off: every TypeScript library is buildable (nx.json `@nx/js:tsc`), so this check only fired
      // for imports the tag constraints below already forbid, and it hid their clearer message.
      enforceBuildableLibDependency: false,
      banTransitiveDependencies: true,
      allow: [],
      depConstraints: [
        // Layer (type:*): each layer names exactly the layers it may import.
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:adapter', 'type:domain', 'type:contract', 'type:util', ...testSupport] },
        { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:feature', 'type:adapter', 'type:domain', 'type:contract', 'type:util', ...testSupport] },
        { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:adapter', 'type:domain', 'type:contract', 'type:util', ...testSupport] },
        { sourceTag: 'type:adapter', onlyDependOnLibsWithTags: [...adapterMay, ...testSupport] },
        { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:contract', 'type:util', ...testSupport], bannedExternalImports: ioFrameworks },
        { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:util', ...testSupport], bannedExternalImports: ioFrameworks },
        { sourceTag: 'type:util', onlyDependOnLibsWithTags: [...testSupport], bannedExternalImports: ioFrameworks },
        // Test support is a leaf: real sockets and node built-ins only, no workspace library.
        { sourceTag: 'type:test-support', onlyDependOnLibsWithTags: [] },
        // Audience (scope:*): what other workspaces install may only depend on what is published too
        // (test support is never installed with a package: its tests are not shipped).
        { sourceTag: 'scope:public', onlyDependOnLibsWithTags: ['scope:public', ...testSupport] },
        { sourceTag: 'scope:internal', onlyDependOnLibsWithTags: ['scope:public', 'scope:internal'] },
      ],
    },
  ];
}

// What a library's package.json declares is what its shipped code imports: the files of its
// `build` inputs (nx.json `production`: no specs, no src/testing) against `dependencies`.
// Only projects with a `build` target are checked, i.e. the libraries that are packed.
const dependencyChecks = {
  files: ['libs/*/package.json', 'libs/providers/*/package.json'],
  languageOptions: { parser: jsoncParser },
  rules: {
    '@nx/dependency-checks': [
      'error',
      { buildTargets: ['build'], checkMissingDependencies: true, checkObsoleteDependencies: true, checkVersionMismatches: true },
    ],
  },
};

const noEnvironment = [
  'error',
  { object: 'process', property: 'env', message: 'Core libraries read no environment: take configuration as arguments.' },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  // tools/consumer-test/api holds generated API reports (declarations), not code.
  { ignores: ['**/dist', '**/out-tsc', '**/node_modules', '**/lint-fixtures/**', 'tmp/**', 'tools/consumer-test/api/**'] },
  dependencyChecks,
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    rules: { '@nx/enforce-module-boundaries': boundaries({ forTests: false }) },
  },
  {
    // Tests use real parts: an adapter's specs may wire in other adapters (e.g. the guarded HTTP
    // client) — its shipped code still may not.
    files: testFiles,
    rules: { '@nx/enforce-module-boundaries': boundaries({ forTests: true }) },
  },
  {
    files: ['**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepImportBan] }] },
  },
  {
    files: filesOfTag('type:domain'),
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: builtinBan(networkBuiltins), patterns: [deepImportBan, frameworkBan] }],
      'no-restricted-properties': noEnvironment,
    },
  },
  {
    files: filesOfTag('type:contract', 'type:util'),
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: builtinBan([...networkBuiltins, ...fileBuiltins]), patterns: [deepImportBan, frameworkBan] }],
      'no-restricted-properties': noEnvironment,
    },
  },
];
