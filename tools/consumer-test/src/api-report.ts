import { join, posix, relative } from 'node:path';
import ts from 'typescript';
import { WORKSPACE_ROOT, publishedLibraries, shortName, type PublishedLibrary } from './published-libraries.js';

/** Where the committed reports live. */
export const API_DIR = join(WORKSPACE_ROOT, 'tools', 'consumer-test', 'api');
export const UPDATE_COMMAND = 'npx nx run @skill-service/consumer-test:api-update';

// The declarations are emitted afresh, in memory, by one non-incremental program over every
// published library's sources: the same compiler and options as the published dist/*.d.ts, but
// independent of incremental build state (which changes the order TypeScript prints union and
// enum members in, and so would make the report differ between a warm workspace and a clean clone).
const VIRTUAL_OUT = join(WORKSPACE_ROOT, '.api-report-out');
let emitted: Map<string, string> | undefined;

function emitAllDeclarations(): Map<string, string> {
  if (emitted !== undefined) return emitted;
  const base = ts.getParsedCommandLineOfConfigFile(join(WORKSPACE_ROOT, 'tsconfig.base.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (base === undefined) throw new Error('tsconfig.base.json cannot be read');
  const options: ts.CompilerOptions = {
    ...base.options,
    composite: false,
    incremental: false,
    declaration: true,
    declarationMap: false,
    emitDeclarationOnly: true,
    noEmit: false,
    types: ['node'],
    rootDir: WORKSPACE_ROOT,
    outDir: VIRTUAL_OUT,
  };
  const roots = publishedLibraries()
    .filter((library) => library.typed)
    .map((library) => join(WORKSPACE_ROOT, library.dir, 'src', 'index.ts'));
  const program = ts.createProgram(roots, options);
  const files = new Map<string, string>();
  const result = program.emit(undefined, (fileName, text) => files.set(fileName, text), undefined, true);
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => WORKSPACE_ROOT, getNewLine: () => '\n' }));
  emitted = files;
  return files;
}

const declarationsDir = (library: PublishedLibrary): string => join(VIRTUAL_OUT, library.dir, 'src');

export const reportPath = (library: PublishedLibrary): string => join(API_DIR, `${shortName(library)}.api.d.ts`);

const RELATIVE_SPECIFIER = /(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The library's .d.ts files reachable from index.d.ts through relative imports and re-exports. */
function reachableDeclarations(root: string, files: ReadonlyMap<string, string>): string[] {
  const seen = new Set<string>();
  const pending = ['index.d.ts'];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    const text = files.get(join(root, file));
    if (text === undefined) throw new Error(`${file} of ${fromRoot(root)} was not emitted`);
    seen.add(file);
    for (const [, specifier] of text.matchAll(RELATIVE_SPECIFIER)) {
      const target = posix.normalize(posix.join(posix.dirname(file), (specifier as string).replace(/\.js$/, '.d.ts')));
      // Only the library's own files: a path out of it names another library's declarations.
      if (!target.startsWith('../')) pending.push(target);
    }
  }
  return [...seen].sort((a, b) => (a === 'index.d.ts' ? -1 : b === 'index.d.ts' ? 1 : a.localeCompare(b)));
}

// Printed without comments: the report holds the surface (names, signatures, types), so editing
// documentation does not fail the check.
const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function printDeclarations(path: string, text: string): string {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return printer.printFile(source).trimEnd();
}

/** The API report of one library: its reachable declarations, file by file, in a stable order. */
export function apiReportOf(library: PublishedLibrary): string {
  const files = emitAllDeclarations();
  const root = declarationsDir(library);
  const sections = reachableDeclarations(root, files).map((file) => `// ---- ${file}\n${printDeclarations(file, files.get(join(root, file)) as string)}`);
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
