import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// bin/launch.mjs is plain JavaScript (it runs before any build); its contract, as the CLI types it.
interface Launch {
  entryArguments(packageDir: string, args: readonly string[], options?: { fromSource?: boolean }): string[] | undefined;
  fromSourceRequested(env: Record<string, string | undefined>): boolean;
}
const launch = (await import(new URL('../bin/launch.mjs', import.meta.url).href)) as Launch;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-launch-'));
  for (const app of ['built', 'sources', 'both']) await mkdir(join(dir, app), { recursive: true });
  for (const app of ['built', 'both']) {
    await mkdir(join(dir, app, 'dist'));
    await writeFile(join(dir, app, 'dist', 'main.js'), '');
  }
  for (const app of ['sources', 'both']) {
    await mkdir(join(dir, app, 'src'));
    await writeFile(join(dir, app, 'src', 'main.ts'), '');
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('entryArguments', () => {
  it('runs the build when there is one', () => {
    expect(launch.entryArguments(join(dir, 'both'), ['--port', '0'])).toEqual([join(dir, 'both', 'dist', 'main.js'), '--port', '0']);
  });

  it('runs the sources through tsx (by its resolved location) with the source condition otherwise, or when asked', () => {
    const expected = (app: string) => ['--conditions=@skill-service/source', '--import', expect.stringMatching(/^file:\/\/.*\/tsx\//), join(dir, app, 'src', 'main.ts'), '-h'];
    expect(launch.entryArguments(join(dir, 'sources'), ['-h'])).toEqual(expected('sources'));
    expect(launch.entryArguments(join(dir, 'both'), ['-h'], { fromSource: true })).toEqual(expected('both'));
  });

  it('answers undefined for an app with neither', () => {
    expect(launch.entryArguments(join(dir, 'built'), [], { fromSource: true })).toBeUndefined();
    expect(launch.entryArguments(join(dir, 'none'), [])).toBeUndefined();
  });

  it('runs the sources when SKILLS_FROM_SOURCE=1', () => {
    expect(launch.fromSourceRequested({ SKILLS_FROM_SOURCE: '1' })).toBe(true);
    expect(launch.fromSourceRequested({})).toBe(false);
  });
});
