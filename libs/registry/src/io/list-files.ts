import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { DiagnosticRoot } from '../registry-diagnostic.js';
import type { Reporter } from '../reporter.js';
import type { SourceFile } from './source-file.js';

/** Code-unit order, not locale order: load order must be the same on every machine. */
export const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export interface TreeRoot {
  readonly kind: DiagnosticRoot;
  readonly directory: string;
  /** Receives directory-level problems (a folder that exists but cannot be read). */
  readonly report: (relativeDirectory: string) => Reporter;
}

type EntryKind = 'file' | 'directory' | 'other';

function kindOf(directory: string, entry: Dirent): EntryKind {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  if (!entry.isSymbolicLink()) return 'other';
  try {
    const target = statSync(join(directory, entry.name));
    return target.isFile() ? 'file' : target.isDirectory() ? 'directory' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * Entries of `relative` under the root, sorted by name; a missing folder is simply empty.
 * Synchronous like the file reads (see read-text-file.ts): thousands of binding folders list faster.
 */
function listDirectory(root: TreeRoot, relative: readonly string[]): { name: string; kind: EntryKind }[] {
  const directory = join(root.directory, ...relative);
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      root.report(relative.join('/')).error([], 'unreadable_directory', `cannot list this folder (${code ?? 'unknown error'})`);
    }
    return [];
  }
  return entries.map((entry) => ({ name: entry.name, kind: kindOf(directory, entry) })).sort((a, b) => compareNames(a.name, b.name));
}

function sourceFile(root: TreeRoot, relative: readonly string[]): SourceFile {
  return { root: root.kind, file: relative.join('/'), absolutePath: join(root.directory, ...relative) };
}

/** `<folder>/*<extension>` (not recursive), sorted, minus the names in `skip`. */
export function listFilesIn(
  root: TreeRoot,
  folder: readonly string[],
  extension: string,
  skip: ReadonlySet<string> = new Set(),
): SourceFile[] {
  return listDirectory(root, folder)
    .filter((entry) => entry.kind === 'file' && entry.name.endsWith(extension) && !skip.has(entry.name))
    .map((entry) => sourceFile(root, [...folder, entry.name]));
}

/**
 * Files named `fileName` exactly `depth` folders below `folder` (`skills/<channel>/<domain>/<slug>/skill.yaml`
 * is depth 3), in sorted path order. Files at other depths (e.g. `skills/TEMPLATE/skill.yaml`) are not found.
 */
export function listFilesAtDepth(root: TreeRoot, folder: readonly string[], depth: number, fileName: string): SourceFile[] {
  const entries = listDirectory(root, folder);
  if (depth === 0) {
    return entries.some((entry) => entry.kind === 'file' && entry.name === fileName) ? [sourceFile(root, [...folder, fileName])] : [];
  }
  return entries
    .filter((entry) => entry.kind === 'directory')
    .flatMap((entry) => listFilesAtDepth(root, [...folder, entry.name], depth - 1, fileName));
}

/** `<folder>/<group>/*<extension>` for every group folder (binding layout), in sorted path order. */
export function listGroupedFiles(root: TreeRoot, folder: readonly string[], extension: string): { group: string; file: SourceFile }[] {
  return listDirectory(root, folder)
    .filter((entry) => entry.kind === 'directory')
    .flatMap((group) => listFilesIn(root, [...folder, group.name], extension).map((file) => ({ group: group.name, file })));
}

/** A single optional file, if it exists. */
export function findFile(root: TreeRoot, relative: readonly string[]): SourceFile | undefined {
  const folder = relative.slice(0, -1);
  const name = relative[relative.length - 1];
  return listDirectory(root, folder).some((entry) => entry.kind === 'file' && entry.name === name) ? sourceFile(root, relative) : undefined;
}
