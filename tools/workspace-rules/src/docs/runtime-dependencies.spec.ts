// The README's "Runtime dependencies" table names every npm package that shipped code imports: the
// `dependencies` of every library and app (workspace packages aside), and nothing that is none.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Lexer, type Tokens } from 'marked';
import { workspaceRoot } from '../index.js';

const SECTION = '## Runtime dependencies';

function declaredDependencies(): Set<string> {
  const names = new Set<string>();
  for (const parent of ['libs', 'libs/providers', 'apps']) {
    for (const entry of readdirSync(join(workspaceRoot, parent), { withFileTypes: true })) {
      const manifest = join(workspaceRoot, parent, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
      for (const name of Object.keys(dependencies)) if (!name.startsWith('@skill-service/')) names.add(name);
    }
  }
  return names;
}

function listedInReadme(): Set<string> {
  const readme = readFileSync(join(workspaceRoot, 'README.md'), 'utf8');
  const start = readme.indexOf(SECTION);
  const end = readme.indexOf('\n## ', start + SECTION.length);
  const table = new Lexer({ gfm: true }).lex(readme.slice(start, end)).find((token): token is Tokens.Table => token.type === 'table');
  const names = new Set<string>();
  for (const row of table?.rows ?? []) for (const match of (row[0]?.text ?? '').matchAll(/`([^`]+)`/g)) names.add(match[1] ?? '');
  return names;
}

describe("the README's runtime dependency list", () => {
  it('names every package the shipped code depends on, and only those', () => {
    const declared = [...declaredDependencies()].sort();
    const listed = [...listedInReadme()].sort();
    expect({ missing: declared.filter((name) => !listed.includes(name)), extra: listed.filter((name) => !declared.includes(name)) }).toEqual({ missing: [], extra: [] });
  });
});
