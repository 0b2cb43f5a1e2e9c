import { existsSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';
import { WORKSPACE_ROOT, shortName, type PublishedLibrary } from './published-libraries.js';

/** Where the committed reports live. */
export const API_DIR = join(WORKSPACE_ROOT, 'tools', 'consumer-test', 'api');
export const UPDATE_COMMAND = 'npx nx run @skill-service/consumer-test:api-update';

// The declarations `typecheck` emits for a library's tsconfig.lib.json: the same compiler and
// sources as the published dist/*.d.ts, and already produced by the test pipeline.
const declarationsDir = (library: PublishedLibrary): string => join(WORKSPACE_ROOT, library.dir, 'out-tsc', 'lib');

export const reportPath = (library: PublishedLibrary): string => join(API_DIR, `${shortName(library)}.api.d.ts`);

const RELATIVE_SPECIFIER = /(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The .d.ts files reachable from index.d.ts through relative imports and re-exports. */
function reachableDeclarations(root: string): string[] {
  const seen = new Set<string>();
  const pending = ['index.d.ts'];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    const path = join(root, file);
    if (!existsSync(path)) throw new Error(`${path} is missing: run the library's typecheck first`);
    seen.add(file);
    for (const [, specifier] of readFileSync(path, 'utf8').matchAll(RELATIVE_SPECIFIER)) {
      pending.push(posix.normalize(posix.join(posix.dirname(file), (specifier as string).replace(/\.js$/, '.d.ts'))));
    }
  }
  return [...seen].sort((a, b) => (a === 'index.d.ts' ? -1 : b === 'index.d.ts' ? 1 : a.localeCompare(b)));
}

// Printed without comments: the report holds the surface (names, signatures, types), so editing
// documentation does not fail the check.
const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function printDeclarations(path: string): string {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return printer.printFile(source).trimEnd();
}

/** The API report of one library: its reachable declarations, file by file, in a stable order. */
export function apiReportOf(library: PublishedLibrary): string {
  const root = declarationsDir(library);
  const sections = reachableDeclarations(root).map((file) => `// ---- ${file}\n${printDeclarations(join(root, file))}`);
  return [
    `// API report of ${library.name}: the declarations reachable from its src/index.ts.`,
    `// Generated; after an intended change of the public API run: ${UPDATE_COMMAND}`,
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}

/** For messages: a path relative to the workspace root. */
export const fromRoot = (path: string): string => relative(WORKSPACE_ROOT, path).split(/[\\/]/).join('/');
