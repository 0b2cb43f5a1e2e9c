import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This module runs from libs/service/src/ (tests, tsx) or inlined in apps/<app>/dist/main.js (the
// bundles of the server, the tool bridge and the CLI): all sit three levels below the checkout, so
// the same relative URL holds in either form, and a built app finds its data from its own
// location, whatever the working directory. (Only meaningful inside the checkout: a copy of this
// library installed from a tarball has no registry next to it.)

/** The checkout: the default runtime root (bindings/, services/, policies/, Python modules). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The built-in registry (skills/, capabilities/). */
export const BUILTIN_REGISTRY_ROOT = join(REPO_ROOT, 'registry');

/** The `version` of a package.json (an app passes `new URL('../package.json', import.meta.url)`). */
export function packageVersion(manifestUrl: URL): string {
  const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

/**
 * skill_worker.py of the installed pythoncall package. Its own default is found from its module URL,
 * which a bundle rewrites to main.js's, so a bundled app names it explicitly.
 */
export function pythonWorkerScript(): string {
  const manifest = createRequire(import.meta.url).resolve('@skill-service/provider-pythoncall/package.json');
  return join(dirname(manifest), 'python', 'skill_worker.py');
}
