// The README's "Use the libraries in your own workspace", as a newcomer follows it: the packages
// its `npm pack` line names, packed from this checkout and installed into a fresh ESM project; its
// registry files, tsconfig.json and src/main.ts written verbatim (each block names its file on its
// first line); compiled with tsc and run. The program prints what the README says it prints, and
// without the registry folder it refuses with the diagnostic instead of passing silently.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Lexer, type Tokens } from 'marked';
import { TSC, installTarballs, packLibraries, runIn } from './consumer-project.js';
import { WORKSPACE_ROOT, publishedLibraries } from './published-libraries.js';

const SECTION = '## Use the libraries in your own workspace';

interface ReadmeExample {
  readonly packages: string[];
  readonly files: Map<string, string>;
  readonly expectedOutput: string;
}

/** The section's code blocks: the sh block's packed packages, the files, and the printed line. */
function readmeExample(readme: string): ReadmeExample {
  const start = readme.indexOf(SECTION);
  const end = readme.indexOf('\n## ', start + SECTION.length);
  const blocks = new Lexer({ gfm: true })
    .lex(readme.slice(start, end < 0 ? undefined : end))
    .filter((token): token is Tokens.Code => token.type === 'code');
  const shell = blocks.find((block) => block.lang === 'sh')?.text ?? '';
  const packages = [...shell.matchAll(/-w (@skill-service\/[\w-]+)/g)].map((match) => match[1] ?? '');
  const files = new Map<string, string>();
  for (const block of blocks) {
    const named = /^(?:#|\/\/) ([\w./-]+\.(?:ya?ml|json|ts))\n/.exec(block.text);
    if (named?.[1] !== undefined) files.set(named[1], block.text);
  }
  const printed = /console\.log\(.*\); \/\/ (.+)$/m.exec(files.get('src/main.ts') ?? '');
  return { packages, files, expectedOutput: printed?.[1] ?? '' };
}

let example: ReadmeExample;
let dir = '';

beforeAll(async () => {
  example = readmeExample(await readFile(join(WORKSPACE_ROOT, 'README.md'), 'utf8'));
  dir = await mkdtemp(join(tmpdir(), 'readme-example-'));
  const libraries = publishedLibraries().filter((library) => example.packages.includes(library.name));
  const tarballs = await packLibraries(libraries, dir);
  const project = join(dir, 'my-skills');
  await installTarballs(project, tarballs);
  for (const [file, text] of example.files) {
    await mkdir(dirname(join(project, file)), { recursive: true });
    await writeFile(join(project, file), text);
  }
}, 900_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the README's library example", () => {
  it('names the packages to pack, the files to write and what the program prints', () => {
    expect(example.packages).toEqual(['@skill-service/util', '@skill-service/contracts', '@skill-service/skill-language', '@skill-service/registry', '@skill-service/engine']);
    expect([...example.files.keys()].sort()).toEqual([
      'registry/capabilities/text.shout.yaml',
      'registry/skills/official/demo/shout-twice/skill.yaml',
      'src/main.ts',
      'tsconfig.json',
    ]);
    expect(example.expectedOutput).toBe('{"result":"HELLO!?"}');
  });

  it('compiles against the installed tarballs and prints what the README says', async () => {
    const project = join(dir, 'my-skills');
    await runIn(project, process.execPath, [TSC, '-p', 'tsconfig.json']);
    expect((await runIn(project, process.execPath, [join('dist', 'main.js')])).trim()).toBe(example.expectedOutput);
  }, 900_000);

  it('stops with the diagnostic when the registry folder is missing', async () => {
    const project = join(dir, 'my-skills');
    // Compiled by the case before; compiled here too when it runs alone.
    await runIn(project, process.execPath, [TSC, '-p', 'tsconfig.json']);
    await rm(join(project, 'registry'), { recursive: true, force: true });
    await expect(runIn(project, process.execPath, [join('dist', 'main.js')])).rejects.toThrow(/root_not_found/);
  }, 900_000);
});
