// Each published library's README example, as an importer of that library copies it: every
// library is packed and installed into one fresh ESM project, each README's example (its first
// TypeScript block importing the package) is written verbatim to src/<library>.ts, the project is
// compiled with tsc against the packed declarations, and each example runs to a clean exit and
// prints something. A plain-JavaScript library's example is its first `js` block, run as written. A
// README whose example drifts from the code fails here.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Lexer, type Tokens } from 'marked';
import { TSC, cleanEnvironment, installTarballs, packLibraries, runIn } from './consumer-project.js';
import { WORKSPACE_ROOT, publishedLibraries, shortName, type PublishedLibrary } from './published-libraries.js';

const RUN_TIMEOUT_MS = 120_000;
/** What an example that reads standard input is given. */
const STDIN = 'first line\nsecond line\n';

interface Example {
  /** `ts` for a typed library; `js` for a plain-JavaScript one, which ships no declarations. */
  readonly lang: 'ts' | 'js';
  readonly text: string;
}

/** The README's first `ts` (or, for a plain-JavaScript library, `js`) block that imports the library itself. */
function exampleOf(readme: string, library: PublishedLibrary): Example | undefined {
  const lang = library.typed ? 'ts' : 'js';
  const blocks = new Lexer({ gfm: true }).lex(readme).filter((token): token is Tokens.Code => token.type === 'code');
  const text = blocks.find((block) => block.lang === lang && block.text.includes(`from '${library.name}'`))?.text;
  return text === undefined ? undefined : { lang, text };
}

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one compiled example with STDIN on standard input, in the project (its sample registry beside it). */
function runExample(project: string, file: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: project, env: cleanEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(STDIN);
  });
}

const libraries = publishedLibraries();
const examples = new Map<string, Example>();
let dir = '';
let project = '';

beforeAll(async () => {
  for (const library of libraries) {
    const example = exampleOf(await readFile(join(WORKSPACE_ROOT, library.dir, 'README.md'), 'utf8'), library);
    if (example !== undefined) examples.set(library.name, example);
  }
  dir = await mkdtemp(join(tmpdir(), 'library-examples-'));
  project = join(dir, 'examples');
  // The MCP SDK's declarations name the fetch types of the DOM library (provider-mcp's README says so).
  await installTarballs(project, await packLibraries(libraries, dir), { lib: ['es2023', 'dom'] });
  // Examples that load a registry read ./registry (and ./services for Python modules), as the
  // sample tree of this repository lays them out.
  await cp(join(WORKSPACE_ROOT, 'examples', 'sample-tree', 'registry'), join(project, 'registry'), { recursive: true });
  await cp(join(WORKSPACE_ROOT, 'examples', 'sample-tree', 'runtime'), project, { recursive: true });
  const typed = [...examples].filter(([, example]) => example.lang === 'ts');
  const plain = [...examples].filter(([, example]) => example.lang === 'js');
  for (const [name, example] of typed) await writeFile(join(project, 'src', `${shortName({ name } as PublishedLibrary)}.ts`), example.text);
  await runIn(project, process.execPath, [TSC, '-p', 'tsconfig.json']);
  for (const [name, example] of plain) await writeFile(join(project, 'dist', `${shortName({ name } as PublishedLibrary)}.js`), example.text);
}, 900_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the libraries' README examples", () => {
  it('exist for every published library', () => {
    expect(libraries.filter((library) => !examples.has(library.name)).map((library) => library.dir)).toEqual([]);
  });

  it.each(libraries.map((library) => [library.name, library] as const))('%s: its example compiles against the package and runs', async (_name, library) => {
    const outcome = await runExample(project, join('dist', `${shortName(library)}.js`));
    expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: expect.not.stringMatching(/\n\s+at /) });
    expect(outcome.stdout.trim()).not.toBe('');
  }, RUN_TIMEOUT_MS + 10_000);
});
