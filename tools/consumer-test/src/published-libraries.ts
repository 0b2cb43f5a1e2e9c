import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The workspace root (this file is tools/consumer-test/src/…). */
export const WORKSPACE_ROOT = join(import.meta.dirname, '..', '..', '..');

export interface PublishedLibrary {
  /** The package name, e.g. `@skill-service/engine`. */
  readonly name: string;
  /** Relative to the workspace root, e.g. `libs/engine`. */
  readonly dir: string;
  readonly tags: readonly string[];
  /** Whether it ships compiled TypeScript (`dist/index.d.ts`); a plain-JS package does not. */
  readonly typed: boolean;
}

interface Manifest {
  readonly name: string;
  readonly private?: boolean;
  readonly exports?: { readonly '.'?: { readonly types?: string } | string };
  readonly nx?: { readonly tags?: readonly string[] };
}

/** Every library under libs/ and libs/providers/ that is not private: what `nx release` publishes. */
export function publishedLibraries(): PublishedLibrary[] {
  return ['libs', 'libs/providers']
    .flatMap((parent) =>
      readdirSync(join(WORKSPACE_ROOT, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(WORKSPACE_ROOT, parent, entry.name, 'package.json')))
        .map((entry) => `${parent}/${entry.name}`),
    )
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(WORKSPACE_ROOT, dir, 'package.json'), 'utf8')) as Manifest;
      const entry = manifest.exports?.['.'];
      return {
        name: manifest.name,
        dir,
        tags: manifest.nx?.tags ?? [],
        typed: typeof entry === 'object' && entry.types !== undefined,
        private: manifest.private === true,
      };
    })
    .filter((library) => !library.private)
    .map(({ name, dir, tags, typed }) => ({ name, dir, tags, typed }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The published libraries of the lower layers: what a worker or a linter in another workspace installs. */
export function coreLibraries(): PublishedLibrary[] {
  const core = new Set(['type:domain', 'type:contract', 'type:util']);
  return publishedLibraries().filter((library) => library.tags.some((tag) => core.has(tag)));
}

/** The short name of a library, used for its API report: `@skill-service/provider-mcp` → `provider-mcp`. */
export function shortName(library: PublishedLibrary): string {
  return library.name.replace(/^@skill-service\//, '');
}
