import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WORKSPACE_ROOT, type PublishedLibrary } from './published-libraries.js';

const run = promisify(execFile);
const MAX_BUFFER = 64 * 1024 * 1024;

/** The workspace's own compiler: the consumer project installs no TypeScript. */
export const TSC = join(WORKSPACE_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** What the consumer needs besides the tarballs (a Node program has Node's types). */
const TYPES_NODE = '20.19.43';

/**
 * Children run as a stranger to this workspace would: without the npm_* variables of an
 * enclosing `npm test` and without the test runner's NODE_OPTIONS.
 */
export function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_') && name !== 'NODE_OPTIONS'),
  );
}

export async function runIn(cwd: string, file: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd, env: cleanEnvironment(), maxBuffer: MAX_BUFFER });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${[file, ...args].join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`, { cause: error });
  }
}

/** `npm pack`s built libraries into `destination`; returns the tarball of each package name. */
export async function packLibraries(libraries: readonly PublishedLibrary[], destination: string): Promise<Map<string, string>> {
  for (const library of libraries) {
    if (library.typed && !existsSync(join(WORKSPACE_ROOT, library.dir, 'dist', 'index.js'))) {
      throw new Error(`${library.dir}/dist is missing: build it first (npx nx run-many -t build -p ${library.name})`);
    }
  }
  const stdout = await runIn(WORKSPACE_ROOT, 'npm', [
    'pack',
    ...libraries.map((library) => `./${library.dir}`),
    '--pack-destination',
    destination,
    '--json',
  ]);
  const packed = JSON.parse(stdout) as { name: string; filename: string }[];
  return new Map(packed.map(({ name, filename }) => [name, join(destination, filename)]));
}

/**
 * A fresh ESM project in `dir` (package.json `type: module`, tsconfig nodenext + strict) that
 * depends on the tarballs, installed with npm from its cache where it can.
 */
export async function installTarballs(dir: string, tarballs: ReadonlyMap<string, string>, options: { readonly lib?: readonly string[] } = {}): Promise<void> {
  await mkdir(join(dir, 'src'), { recursive: true });
  const dependencies = Object.fromEntries([...tarballs].map(([name, tarball]) => [name, `file:${tarball}`]));
  const manifest = { name: 'skill-service-consumer', private: true, type: 'module', dependencies, devDependencies: { '@types/node': TYPES_NODE } };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const tsconfig = {
    compilerOptions: {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      lib: options.lib ?? ['es2023'],
      strict: true,
      // Checks the published declarations too, not only the consumer's code.
      skipLibCheck: false,
      types: ['node'],
      rootDir: 'src',
      outDir: 'dist',
    },
    include: ['src'],
  };
  await writeFile(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  await runIn(dir, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
}

/** Copies the consumer program into the project, compiles it with tsc and runs it. */
export async function compileAndRun(dir: string, program: string, args: readonly string[]): Promise<string> {
  await copyFile(program, join(dir, 'src', 'main.ts'));
  await runIn(dir, process.execPath, [TSC, '-p', 'tsconfig.json']);
  return runIn(dir, process.execPath, [join('dist', 'main.js'), ...args]);
}
