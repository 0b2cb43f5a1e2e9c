// @ts-check
// How the `skills` bin and its `serve`/`bridge` commands start a workspace app: the app's build
// (`dist/main.js`) when there is one, else its TypeScript sources through tsx with the `@skill-service/source`
// condition, so `npx skills …` works right after `npm ci`, before anything is built. Plain
// JavaScript because it must run before any build; the CLI's sources load it at run time too.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set to 1 to run the sources even when a build exists (development, and the CLI's own tests). */
export const FROM_SOURCE_VARIABLE = 'SKILLS_FROM_SOURCE';

const FORWARDED_SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);

/**
 * The node arguments that run the app in `packageDir` with `args`; undefined when it has neither a
 * build nor sources.
 * @param {string} packageDir
 * @param {readonly string[]} args
 * @param {{ fromSource?: boolean }} [options]
 * @returns {string[] | undefined}
 */
export function entryArguments(packageDir, args, options = {}) {
  const built = join(packageDir, 'dist', 'main.js');
  if (options.fromSource !== true && existsSync(built)) return [built, ...args];
  const source = join(packageDir, 'src', 'main.ts');
  if (!existsSync(source)) return undefined;
  // tsx by its resolved location: `--import tsx` would be looked up from the working directory.
  return ['--conditions=@skill-service/source', '--import', import.meta.resolve('tsx'), source, ...args];
}

/** @param {Readonly<Record<string, string | undefined>>} env */
export function fromSourceRequested(env) {
  return env[FROM_SOURCE_VARIABLE] === '1';
}

/**
 * Runs the app as a child process sharing this one's stdio, forwards termination signals to it and
 * ends this process the way the child ended (its exit code, or the same signal).
 * @param {string} packageDir
 * @param {readonly string[]} args
 * @param {{ name: string, fromSource?: boolean }} options
 * @returns {Promise<never>}
 */
export function runApp(packageDir, args, options) {
  const entry = entryArguments(packageDir, args, options);
  if (entry === undefined) {
    process.stderr.write(`${options.name}: cannot start: neither its build (dist/main.js) nor its sources (src/main.ts) are there\n`);
    process.exit(1);
  }
  const child = spawn(process.execPath, entry, { stdio: 'inherit' });
  // A terminal's Ctrl-C reaches both processes; the apps treat a repeated signal as one.
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => {
    child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise(() => {
    child.on('error', (error) => {
      process.stderr.write(`${options.name}: cannot start: ${error.message}\n`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      if (signal === null) process.exit(code ?? 1);
      // Every listener goes (the caller may have its own), so the signal takes its default effect.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      process.exit(128 + (constants.signals[signal] ?? 0));
    });
  });
}

/** The CLI package folder (this file sits in its `bin/`). */
export const CLI_DIR = fileURLToPath(new URL('..', import.meta.url));
