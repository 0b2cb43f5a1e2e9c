// A library's `build` (@nx/js:tsc, into dist/) and its `typecheck` (tsc --build, into out-tsc/) compile
// the same tsconfig.lib.json. A tsBuildInfoFile pinned there makes both share one build-info file:
// after a build it claims out-tsc/ is up to date while out-tsc/ holds no declarations, and the next
// typecheck fails with TS6305. Left unset, tsc keeps the file beside each output directory.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { workspaceRoot } from './index.js';

function projectRoots(): string[] {
  const roots: string[] = [];
  for (const group of ['apps', 'libs', 'libs/providers', 'tools']) {
    const dir = join(workspaceRoot, group);
    for (const name of readdirSync(dir)) {
      if (existsSync(join(dir, name, 'package.json')) && existsSync(join(dir, name, 'tsconfig.lib.json'))) roots.push(`${group}/${name}`);
    }
  }
  return roots;
}

describe('build outputs', () => {
  const roots = projectRoots();

  it('finds the workspace projects', () => {
    expect(roots).toEqual(expect.arrayContaining(['libs/contracts', 'apps/server', 'libs/providers/mcp']));
  });

  it.each(roots)('%s leaves tsBuildInfoFile to tsc, so a build never breaks a later typecheck', (root) => {
    const config = JSON.parse(readFileSync(join(workspaceRoot, root, 'tsconfig.lib.json'), 'utf8')) as { compilerOptions?: Record<string, unknown> };
    expect(config.compilerOptions?.['tsBuildInfoFile']).toBeUndefined();
  });
});
