import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This module runs from apps/server/src/ (tests, tsx) or inlined in apps/server/dist/main.js (the
// bundle): both sit two levels below apps/, so the same relative URLs hold in either form, and
// the built server finds its data from its own location, whatever the working directory.

/** The checkout: the default runtime root (bindings/, services/, policies/, Python modules). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The built-in registry (skills/, capabilities/). */
export const BUILTIN_REGISTRY_ROOT = join(REPO_ROOT, 'registry');

export function serverVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

/**
 * skill_worker.py of the installed pythoncall package. Its own default is found from its module URL,
 * which a bundle rewrites to main.js's, so the bundled server names it explicitly.
 */
export function pythonWorkerScript(): string {
  const manifest = createRequire(import.meta.url).resolve('@skill-service/provider-pythoncall/package.json');
  return join(dirname(manifest), 'python', 'skill_worker.py');
}
