// Runs the `skills` bin as a real process, the way `npx skills` does, from the sources (through tsx)
// even when a build exists, from another working directory and with a minimal environment.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

export const SKILLS_BIN = fileURLToPath(new URL('../../bin/skills.mjs', import.meta.url));

export interface Finished {
  /** The exit code (null when killed by a signal). */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stderr split into lines, the empty last one dropped. */
  readonly stderrLines: string[];
}

export interface RunSkillsOptions {
  readonly env?: Record<string, string>;
  /** Written to stdin, which is then closed (closed at once without it). */
  readonly stdin?: string;
}

/** A started `skills` process: what it wrote so far, and how it ends. */
export interface Started {
  readonly child: ChildProcessWithoutNullStreams;
  readonly output: { stdout: string; stderr: string };
  readonly finished: Promise<Finished>;
}

const linesOf = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

export function startSkills(args: readonly string[], env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, [SKILLS_BIN, ...args], {
    cwd: tmpdir(),
    // Not Jest's NODE_OPTIONS: the CLI starts the way a shell starts it.
    env: { PATH: process.env['PATH'] ?? '', SKILLS_FROM_SOURCE: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ...output, stderrLines: linesOf(output.stderr) }));
  });
  return { child, output, finished };
}

/** Runs `skills` to its end; stdin gets `options.stdin` (or nothing) and is closed. */
export function runSkills(args: readonly string[], options: RunSkillsOptions = {}): Promise<Finished> {
  const started = startSkills(args, options.env);
  started.child.stdin.end(options.stdin ?? '');
  return started.finished;
}
