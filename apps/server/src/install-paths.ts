import { packageVersion } from '@skill-service/service';

// The checkout and the built-in registry are found by @skill-service/service (install-paths.ts there
// explains why the same relative URL holds from the sources and from apps/server/dist/main.js).
export { BUILTIN_REGISTRY_ROOT, REPO_ROOT, pythonWorkerScript } from '@skill-service/service';

export function serverVersion(): string {
  return packageVersion(new URL('../package.json', import.meta.url));
}
