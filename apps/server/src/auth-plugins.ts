import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTH_PLUGIN_MANIFEST, type AuthBackend, type AuthRequest } from '@skill-service/auth';
import { InvalidConfigurationError, type Identity } from '@skill-service/contracts';

/** Backend names: what `--auth-plugin` and `SERVICE_AUTH_PLUGINS` accept. */
export const PLUGIN_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

const MAX_MANIFEST_BYTES = 1024 * 1024;

/** One backend a package declares under `skillService.authBackends` of its package.json. */
export interface DiscoveredAuthPlugin {
  readonly name: string;
  readonly packageName: string;
  /** The package folder (symlinks resolved). */
  readonly packageDir: string;
  /** The entry module (symlinks resolved), always inside packageDir. */
  readonly entry: string;
}

export interface AuthPluginDiscovery {
  /** By backend name; more than one package may claim a name (enabling it is then an error). */
  readonly plugins: ReadonlyMap<string, readonly DiscoveredAuthPlugin[]>;
  /** Declarations that were ignored, and why (for the operator). */
  readonly problems: readonly string[];
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

/** The package folders of a node_modules folder: `name` and `@scope/name`, symlinks followed. */
async function packageDirs(nodeModules: string): Promise<string[]> {
  const entries = await readdir(nodeModules, { withFileTypes: true }).catch(() => []);
  const dirs: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      const scoped = await readdir(path, { withFileTypes: true }).catch(() => []);
      for (const inner of scoped) if (!inner.name.startsWith('.')) dirs.push(join(path, inner.name));
    } else {
      dirs.push(path);
    }
  }
  return dirs;
}

async function readManifest(packageDir: string): Promise<Record<string, unknown> | undefined> {
  const file = join(packageDir, 'package.json');
  const info = await stat(file).catch(() => undefined);
  if (info === undefined || !info.isFile() || info.size > MAX_MANIFEST_BYTES) return undefined;
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The real path of `entry` when it is a file inside the package, else a reason why not. */
async function entryInside(packageDir: string, entry: unknown): Promise<string | { problem: string }> {
  if (typeof entry !== 'string' || entry.trim() === '') return { problem: 'the entry is not a path' };
  if (isAbsolute(entry)) return { problem: 'the entry must be a path inside the package' };
  const real = await realpath(resolve(packageDir, entry)).catch(() => undefined);
  if (real === undefined) return { problem: `the entry ${entry} does not exist` };
  const inside = relative(packageDir, real);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return { problem: 'the entry must be a path inside the package' };
  if ((await stat(real)).isFile() !== true) return { problem: `the entry ${entry} is not a file` };
  return real;
}

/**
 * Finds the auth backends installed packages declare: every package.json directly under the given
 * node_modules folders (scoped ones included) with `"skillService": {"authBackends": {name: entry}}`.
 * Reading is all it does: nothing is loaded or run.
 */
export async function discoverAuthPlugins(nodeModulesDirs: readonly string[]): Promise<AuthPluginDiscovery> {
  const plugins = new Map<string, DiscoveredAuthPlugin[]>();
  const problems: string[] = [];
  const seenPackages = new Set<string>();
  for (const nodeModules of nodeModulesDirs) {
    if (!(await isDirectory(nodeModules))) continue;
    for (const dir of await packageDirs(nodeModules)) {
      const packageDir = await realpath(dir).catch(() => undefined);
      if (packageDir === undefined || seenPackages.has(packageDir)) continue;
      seenPackages.add(packageDir);
      const manifest = await readManifest(packageDir);
      const section = manifest?.[AUTH_PLUGIN_MANIFEST.key];
      if (typeof section !== 'object' || section === null) continue;
      const declared = (section as Record<string, unknown>)[AUTH_PLUGIN_MANIFEST.field];
      if (declared === undefined) continue;
      const packageName = typeof manifest?.['name'] === 'string' ? manifest['name'] : dir;
      if (typeof declared !== 'object' || declared === null || Array.isArray(declared)) {
        problems.push(`${packageName}: ${AUTH_PLUGIN_MANIFEST.key}.${AUTH_PLUGIN_MANIFEST.field} is not an object`);
        continue;
      }
      for (const [name, entry] of Object.entries(declared)) {
        if (!PLUGIN_NAME.test(name)) {
          problems.push(`${packageName}: '${name}' is not a valid backend name`);
          continue;
        }
        const resolved = await entryInside(packageDir, entry);
        if (typeof resolved !== 'string') {
          problems.push(`${packageName}: backend '${name}': ${resolved.problem}`);
          continue;
        }
        plugins.set(name, [...(plugins.get(name) ?? []), { name, packageName, packageDir, entry: resolved }]);
      }
    }
  }
  return { plugins, problems };
}

function pluginError(name: string, message: string, cause?: unknown): InvalidConfigurationError {
  return new InvalidConfigurationError(`auth plugin '${name}': ${message}`, cause === undefined ? undefined : { cause });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Loads one discovered plugin: imports its entry and calls its `createAuthBackend`. */
async function loadOne(plugin: DiscoveredAuthPlugin, env: Readonly<Record<string, string | undefined>>): Promise<AuthBackend> {
  const { name } = plugin;
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(plugin.entry).href)) as Record<string, unknown>;
  } catch (error) {
    throw pluginError(name, `cannot load ${plugin.packageName}: ${describe(error)}`, error);
  }
  const factory = module[AUTH_PLUGIN_MANIFEST.factoryExport];
  if (typeof factory !== 'function') throw pluginError(name, `${plugin.packageName} does not export ${AUTH_PLUGIN_MANIFEST.factoryExport}()`);
  let backend: unknown;
  try {
    backend = await (factory as (context: { name: string; env: typeof env }) => unknown)({ name, env });
  } catch (error) {
    throw pluginError(name, `${plugin.packageName} refused its configuration: ${describe(error)}`, error);
  }
  const authenticate = (backend as { authenticate?: unknown } | null | undefined)?.authenticate;
  if (typeof authenticate !== 'function') throw pluginError(name, `${plugin.packageName} did not return a backend with authenticate()`);
  // The enabled name, whatever the plugin calls itself; `this` kept for class-based backends.
  return {
    name,
    authenticate: (request: AuthRequest) => (authenticate as (request: AuthRequest) => Identity | undefined | Promise<Identity | undefined>).call(backend, request),
  };
}

/**
 * The backends enabled by configuration, in the order given, from the packages found under
 * `nodeModulesDirs`. A name no package declares, or that two packages declare, is a configuration
 * error; so is a plugin that fails to load or to configure itself. Packages not enabled are never loaded.
 */
export async function loadAuthBackends(
  names: readonly string[],
  nodeModulesDirs: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<AuthBackend[]> {
  if (names.length === 0) return [];
  const { plugins, problems } = await discoverAuthPlugins(nodeModulesDirs);
  const backends: AuthBackend[] = [];
  for (const name of new Set(names)) {
    const found = plugins.get(name) ?? [];
    if (found.length === 0) {
      const notes = problems.length === 0 ? '' : ` (ignored declarations: ${problems.join('; ')})`;
      throw pluginError(name, `no installed package declares it under "${AUTH_PLUGIN_MANIFEST.key}.${AUTH_PLUGIN_MANIFEST.field}" in its package.json${notes}`);
    }
    const [only, ...others] = found;
    if (only === undefined || others.length > 0) throw pluginError(name, `declared by more than one package: ${found.map((p) => p.packageName).join(', ')}`);
    backends.push(await loadOne(only, env));
  }
  return backends;
}
