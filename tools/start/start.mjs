#!/usr/bin/env node
// `npm start`: builds what is out of date, then serves. A second start with nothing changed must be
// quick, and even a cache hit costs the Nx project graph (seconds with the daemon off), so the build
// runs only when a source file is newer than the bundle it feeds. Stale-biased on purpose: a checkout
// or an install makes files newer, which only ever causes a rebuild that Nx's cache may still answer.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SKIP = new Set(['node_modules', 'dist', 'out-tsc', 'coverage', '.nx', 'test-output']);

/** The bundles `npm start` serves, each with the project that builds it and what it is built from. */
export const OUTPUTS = [
  {
    project: '@skill-service/server',
    output: 'apps/server/dist/main.js',
    inputs: ['apps/server', 'libs', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.base.json', 'nx.json'],
  },
  {
    // The operator console the server serves at /console.
    project: '@skill-service/console',
    output: 'apps/console/dist/index.html',
    inputs: ['apps/console', 'libs/contracts', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.base.json', 'nx.json'],
  },
];

/**
 * The newest modification time (ms) under `path`, skipping build outputs and dependencies. A folder's
 * own time counts only inside a `src` tree, where it records a deleted source file; a project folder's
 * time changes whenever a build or a test run writes its outputs there.
 */
export function newestMtime(path, inSource = false) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = inSource ? stat.mtimeMs : 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    // Test results are written into project folders by every test run; they feed no bundle.
    if (SKIP.has(entry.name) || /results\.json$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name), inSource || (entry.isDirectory() && entry.name === 'src')));
  }
  return newest;
}

/** The projects whose bundle is missing or older than one of its inputs. */
export function staleProjects(workspace = root) {
  return OUTPUTS.filter(({ output, inputs }) => {
    const built = newestMtime(join(workspace, output));
    return built === 0 || inputs.some((input) => newestMtime(join(workspace, input)) > built);
  }).map(({ project }) => project);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = staleProjects();
  if (stale.length > 0) {
    const nx = join(root, 'node_modules', '.bin', 'nx');
    const build = spawnSync(nx, ['run-many', '-t', 'build', '-p', ...stale, '--outputStyle=static'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // The server handles SIGTERM/SIGINT itself (it drains): pass them on and leave with its exit code.
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
}
