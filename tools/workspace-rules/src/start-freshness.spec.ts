// `npm start` rebuilds only what is out of date (tools/start/start.mjs); these cases build a small
// workspace in a temporary folder and move file times to prove what counts as out of date.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { workspaceRoot } from './index.js';

type StartModule = { staleProjects(workspace: string): string[] };
const start = (await import(pathToFileURL(join(workspaceRoot, 'tools/start/start.mjs')).href)) as StartModule;

let workspace: string;
const at = (relative: string, seconds: number, text = ''): void => {
  const path = join(workspace, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, seconds, seconds);
};
const touchDir = (relative: string, seconds: number): void => utimesSync(join(workspace, relative), seconds, seconds);

beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'start-freshness-'));
  at('libs/engine/src/engine.ts', 1000);
  at('apps/server/src/main.ts', 1000);
  at('package-lock.json', 1000);
  at('tsconfig.base.json', 1000);
  at('nx.json', 1000);
  at('node_modules/.package-lock.json', 1000);
  // The console's build is fresh unless a case says otherwise.
  at('apps/console/src/main.tsx', 1000);
  at('apps/console/dist/index.html', 2000);
  for (const dir of ['libs/engine/src', 'libs/engine', 'libs', 'apps/server/src', 'apps/server', 'apps/console/src', 'apps/console', 'node_modules']) touchDir(dir, 1000);
});
afterEach(() => rmSync(workspace, { recursive: true, force: true }));

describe('npm start freshness', () => {
  it('builds the server when its bundle is missing', () => {
    expect(start.staleProjects(workspace)).toEqual(['@skill-service/server']);
  });

  it('skips the build when the bundle is newer than every input', () => {
    at('apps/server/dist/main.js', 2000);
    expect(start.staleProjects(workspace)).toEqual([]);
  });

  it.each(['libs/engine/src/engine.ts', 'apps/server/src/main.ts'])('rebuilds after %s changes', (input) => {
    at('apps/server/dist/main.js', 2000);
    at(input, 3000);
    expect(start.staleProjects(workspace)).toEqual(['@skill-service/server']);
  });

  it.each(['package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.base.json'])('rebuilds the server and the console after %s changes', (input) => {
    at('apps/server/dist/main.js', 2000);
    at(input, 3000);
    expect(start.staleProjects(workspace)).toEqual(['@skill-service/server', '@skill-service/console']);
  });

  it('builds the console when its build is missing or older than its sources, not the server', () => {
    at('apps/server/dist/main.js', 2000);
    at('apps/console/src/main.tsx', 3000);
    expect(start.staleProjects(workspace)).toEqual(['@skill-service/console']);
    rmSync(join(workspace, 'apps/console/dist'), { recursive: true });
    at('apps/console/src/main.tsx', 1000);
    expect(start.staleProjects(workspace)).toEqual(['@skill-service/console']);
  });

  it('rebuilds after a source file is deleted (its folder changes)', () => {
    at('apps/server/dist/main.js', 2000);
    touchDir('libs/engine/src', 3000);
    expect(start.staleProjects(workspace)).toEqual(['@skill-service/server']);
  });

  it('ignores test results and build outputs written into project folders', () => {
    at('apps/server/dist/main.js', 2000);
    at('libs/engine/jest-results.json', 3000);
    at('libs/engine/out-tsc/lib/engine.d.ts', 3000);
    touchDir('libs/engine', 1000);
    expect(start.staleProjects(workspace)).toEqual([]);
  });
});
