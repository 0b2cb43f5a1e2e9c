// `npm run bench`'s command line, run as a user runs it: --help prints the usage and exits 0; a bad
// option is one line naming it, the usage, exit 2, and no stack trace.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, jest } from '@jest/globals';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');

function bench(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--conditions=@skill-service/source', '--import', 'tsx', MAIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

// Each run starts node with tsx and loads the bench's imports: seconds on a loaded machine.
jest.setTimeout(90_000);

describe('bench command line', () => {
  it('prints its usage for --help and exits 0 without running anything', () => {
    const run = bench('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run bench -- \[--trials 5\]/);
    expect(run.stdout).toContain('--profile-only');
  });

  it.each([
    [['--trials', 'abc'], "bench: --trials must be a positive number, got 'abc'"],
    [['--load', 'ab'], "bench: --load must be auto, wrk or autocannon, got 'ab'"],
    [['--no-such'], 'bench: --no-such needs a value'],
    [['--colour', 'red'], 'bench: unknown option --colour'],
  ])('refuses %j with one line and exit 2', (args, line) => {
    const run = bench(...args);
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n')[0]).toContain(line);
    expect(run.stderr).toContain('usage: npm run bench');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
