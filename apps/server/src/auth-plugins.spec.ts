// Discovery and loading of auth plugins from package.json declarations, over a throwaway
// node_modules folder and over the checkout's own (where the workspace's example plugin is linked).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceError } from '@skill-service/contracts';
import { discoverAuthPlugins, loadAuthBackends } from './auth-plugins.js';
import { WORKSPACE_NODE_MODULES } from './testing/test-access.js';

let root: string;
let nodeModules: string;

const BACKEND_MODULE = `
let created = 0;
export function createAuthBackend({ name, env }) {
  created += 1;
  if (env.FAIL_CONFIG === '1') throw new Error('bad settings');
  return {
    name: 'what-the-plugin-calls-itself',
    authenticate(request) {
      const token = request.headers['x-static-token'];
      if (token === undefined) return undefined;
      if (token !== (env.STATIC_TOKEN ?? 'letmein')) throw new Error('wrong token');
      return { subject: 'static-' + name, role: 'executor' };
    },
  };
}
export const createdCount = () => created;
`;

async function writePackage(dir: string, manifest: Record<string, unknown>, files: Record<string, string> = {}): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module', version: '1.0.0', ...manifest }));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), content);
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'auth-plugins-'));
  nodeModules = join(root, 'node_modules');
  await writePackage(join(nodeModules, 'static-token-plugin'), { name: 'static-token-plugin', skillService: { authBackends: { 'static-token': './lib/backend.js' } } }, {
    'lib/backend.js': BACKEND_MODULE,
  });
  await writePackage(join(nodeModules, '@acme', 'scoped-plugin'), { name: '@acme/scoped-plugin', skillService: { authBackends: { scoped: './index.js', 'Bad Name': './index.js' } } }, {
    'index.js': BACKEND_MODULE,
  });
  await writePackage(join(nodeModules, 'escaping-plugin'), { name: 'escaping-plugin', skillService: { authBackends: { escape: '../static-token-plugin/lib/backend.js', absolute: '/etc/hostname', missing: './nope.js', dir: './lib' } } }, {
    'lib/x.js': '',
  });
  await writePackage(join(nodeModules, 'no-factory-plugin'), { name: 'no-factory-plugin', skillService: { authBackends: { 'no-factory': './index.js' } } }, {
    'index.js': 'export const somethingElse = 1;\n',
  });
  await writePackage(join(nodeModules, 'bad-backend-plugin'), { name: 'bad-backend-plugin', skillService: { authBackends: { 'bad-backend': './index.js' } } }, {
    'index.js': 'export function createAuthBackend() { return { name: "x" }; }\n',
  });
  await writePackage(join(nodeModules, 'duplicate-plugin'), { name: 'duplicate-plugin', skillService: { authBackends: { 'static-token': './index.js' } } }, { 'index.js': BACKEND_MODULE });
  await writePackage(join(nodeModules, 'ordinary-package'), { name: 'ordinary-package' });
  await writePackage(join(nodeModules, 'weird-section'), { name: 'weird-section', skillService: { authBackends: ['not', 'an', 'object'] } });
  await mkdir(join(nodeModules, 'broken-json'), { recursive: true });
  await writeFile(join(nodeModules, 'broken-json', 'package.json'), '{ not json');
  // A workspace-style link to a package elsewhere.
  await writePackage(join(root, 'linked-source'), { name: 'linked-plugin', skillService: { authBackends: { linked: './index.js' } } }, { 'index.js': BACKEND_MODULE });
  await symlink(join(root, 'linked-source'), join(nodeModules, 'linked-plugin'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('discoverAuthPlugins', () => {
  it('finds every declared backend, scoped and linked packages included, and reports what it ignored', async () => {
    const { plugins, problems } = await discoverAuthPlugins([nodeModules, join(root, 'does-not-exist')]);
    expect([...plugins.keys()].sort()).toEqual(['linked', 'no-factory', 'bad-backend', 'scoped', 'static-token'].sort());
    expect(plugins.get('static-token')?.map((p) => p.packageName).sort()).toEqual(['duplicate-plugin', 'static-token-plugin']);
    expect(plugins.get('linked')?.[0]?.entry).toBe(join(root, 'linked-source', 'index.js'));
    expect(problems).toEqual(
      expect.arrayContaining([
        "@acme/scoped-plugin: 'Bad Name' is not a valid backend name",
        'escaping-plugin: backend \'escape\': the entry must be a path inside the package',
        'escaping-plugin: backend \'absolute\': the entry must be a path inside the package',
        "escaping-plugin: backend 'missing': the entry ./nope.js does not exist",
        "escaping-plugin: backend 'dir': the entry ./lib is not a file",
        'weird-section: skillService.authBackends is not an object',
      ]),
    );
  });

  it('finds the workspace example plugin in the checkout', async () => {
    const { plugins } = await discoverAuthPlugins([WORKSPACE_NODE_MODULES]);
    const found = plugins.get('forwarded-user');
    expect(found).toHaveLength(1);
    expect(found?.[0]).toMatchObject({ packageName: '@skill-service/auth-plugin-example' });
    expect(found?.[0]?.entry).toMatch(/libs\/auth-plugin-example\/src\/index\.js$/);
  });
});

describe('loadAuthBackends', () => {
  const codeOf = async (promise: Promise<unknown>): Promise<string> => {
    try {
      await promise;
      return 'resolved';
    } catch (error) {
      return error instanceof ServiceError ? `${error.code}: ${error.message}` : `not a ServiceError: ${String(error)}`;
    }
  };

  it('loads only the enabled backends, in order, under their enabled names', async () => {
    const backends = await loadAuthBackends(['scoped', 'linked'], [nodeModules], { STATIC_TOKEN: 't0ken' });
    expect(backends.map((backend) => backend.name)).toEqual(['scoped', 'linked']);
    expect(await backends[0]?.authenticate({ headers: { 'x-static-token': 't0ken' } })).toEqual({ subject: 'static-scoped', role: 'executor' });
    expect(await backends[0]?.authenticate({ headers: {} })).toBeUndefined();
    expect(() => backends[1]?.authenticate({ headers: { 'x-static-token': 'wrong' } })).toThrow('wrong token');
    expect(await loadAuthBackends([], [nodeModules], {})).toEqual([]);
  });

  it.each([
    ['not-installed', /no installed package declares it under "skillService.authBackends"/],
    ['static-token', /declared by more than one package: (static-token-plugin, duplicate-plugin|duplicate-plugin, static-token-plugin)/],
    ['no-factory', /does not export createAuthBackend\(\)/],
    ['bad-backend', /did not return a backend with authenticate\(\)/],
  ])('refuses %s with invalid_configuration', async (name, message) => {
    const answer = await codeOf(loadAuthBackends([name], [nodeModules], {}));
    expect(answer).toMatch(/^invalid_configuration: auth plugin '/);
    expect(answer).toMatch(message);
  });

  it('reports a plugin that refuses its settings', async () => {
    expect(await codeOf(loadAuthBackends(['scoped'], [nodeModules], { FAIL_CONFIG: '1' }))).toBe(
      "invalid_configuration: auth plugin 'scoped': @acme/scoped-plugin refused its configuration: bad settings",
    );
  });
});
