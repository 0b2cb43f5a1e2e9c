import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folders whose files are generated or installed, never written by us. */
const GENERATED = /(^|\/)(node_modules|dist|out-tsc|coverage|\.nx)\//;

/**
 * The repository's own files (tracked, or new and not ignored), relative to `root`, sorted.
 * Through git so that what .gitignore leaves out (builds, caches, local files) is never judged.
 */
export function repositoryFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))].filter((file) => file !== '' && !GENERATED.test(file)).sort();
}

/** The file's text, or undefined when it is binary or gone (deleted but still in the index). */
export function readText(root: string, file: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(root, file));
  } catch {
    return undefined;
  }
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}
