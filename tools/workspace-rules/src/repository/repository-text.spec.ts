// The repository's documentation holds together: every relative link of every Markdown file
// resolves (file, folder and #heading), and no file cites what a reader of a clone cannot open
// (a path beside the repository, an issue number, an unnamed reference or source).
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from '../index.js';
import { findCitations } from './citations.js';
import { brokenLinks, headingAnchors, relativeLinks } from './markdown-links.js';
import { readText, repositoryFiles } from './repository-files.js';

// This folder states the citation rules and the examples that test them.
const RULES_FOLDER = 'tools/workspace-rules/src/repository/';

const files = repositoryFiles(workspaceRoot);
const textOf = (file: string): string | undefined => readText(workspaceRoot, file);

describe('relative links in Markdown', () => {
  it('finds links and images, not code, with their lines', () => {
    const markdown = ['# Title', '', 'See [the docs](docs/README.md#start) and ![a diagram](img/a.png).', '', '```', '[not a link](nowhere.md)', '```', '', '`[nor](this.md)` but [ref][r]', '', '[r]: ./ref.md', '| a | [cell](cell.md) |', '|---|---|', '| [row](row.md) | x |'].join('\n');
    expect(relativeLinks(markdown).map((link) => link.target).sort()).toEqual(['./ref.md', 'cell.md', 'docs/README.md#start', 'img/a.png', 'row.md'].sort());
    expect(relativeLinks('x\n\n[a](https://example.com) [b](mailto:x@example.com) [c](#here)').map((link) => link.target)).toEqual(['#here']);
  });

  it('makes GitHub heading anchors', () => {
    expect([...headingAnchors('# The `skills` command\n## Use the libraries in your own workspace\n## Notes\n## Notes\n### 1. Bad input: files & fields')]).toEqual([
      'the-skills-command',
      'use-the-libraries-in-your-own-workspace',
      'notes',
      'notes-1',
      '1-bad-input-files--fields',
    ]);
  });

  it('reports a missing file, a link out of the repository and an unknown anchor', () => {
    const root = mkdtempSync(join(tmpdir(), 'links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'a.md'), '# Alpha\n');
    const text = '[ok](docs/a.md#alpha) [gone](docs/b.md) [out](../x.md) [anchor](docs/a.md#beta) [self](#top)\n\n# Top\n';
    writeFileSync(join(root, 'README.md'), text);
    const read = (file: string): string | undefined => readText(root, file);
    expect(brokenLinks(root, 'README.md', text, read).map(({ target, problem }) => [target, problem])).toEqual([
      ['docs/b.md', 'no such file or folder'],
      ['../x.md', 'leaves the repository'],
      ['docs/a.md#beta', 'no heading makes the anchor #beta'],
    ]);
  });

  it('resolve in every Markdown file of the repository', () => {
    const markdownFiles = files.filter((file) => file.endsWith('.md'));
    expect(markdownFiles).toEqual(expect.arrayContaining(['README.md', 'docs/README.md']));
    const broken = markdownFiles.flatMap((file) => brokenLinks(workspaceRoot, file, textOf(file) ?? '', textOf));
    expect(broken.map(({ file, line, target, problem }) => `${file}:${line}: ${target}: ${problem}`)).toEqual([]);
  });
});

describe('citations a reader cannot follow', () => {
  it.each([
    // Assembled, so this file does not itself name a path beside the repository.
    [`The contract is ${['..', 'shared', 'spec', 'contract.md'].join('/')}.`, 'a path outside the repository'],
    [`// decided in ${['DESIGN', 'md'].join('.')} §5`, 'a design note that is not in the repository'],
    [`/** Gates as in ${'reference'} §3.8. */`, 'an unnamed reference'],
    ['// Issue #11 fault: SIGTERM under load', 'an issue number'],
    ['// Per-client limits (#7): headers', 'an issue number'],
    ['// #8.2: executions fire events', 'an issue number'],
    ['* folds samples (someone/some-parser#13), so', 'an issue number'],
    ['// as the original did', '"the original" as a source'],
    ['// fixed as in the original (spec) wording', 'an unnamed reference'],
    ["/** The original's allow-list. */", '"the original" as a source'],
  ])('catches %j', (line, rule) => {
    expect(findCitations('x.ts', line).map((found) => found.rule)).toContain(rule);
  });

  it.each([
    ['text: "Order #42 shipped"'],
    ['/** Sentences by UAX #29 rules. */'],
    ['/** RFC 7518 §3.2: an HS256 key. */'],
    ['// an error about an unreadable request carries id null (JSON-RPC 2.0 §5)'],
    ['description: Excerpt of the original text.'],
    ['<p>&#xZZZ; &#99999999;</p>'],
    ['import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";'],
    ['// the original-runtime fixture folder'],
    ['.node rect { stroke: #475569; }'],
    ['<circle fill="#2563eb"/><circle fill="#16a34a"/>'],
    ['if (!isMapping(spec) || spec.type === "") continue;'],
    ['const path = writtenPathRead(reference, writer);'],
    ['// The replay keeps the original webhook-id: receivers de-duplicate on it.'],
  ])('lets %j be', (line) => {
    expect(findCitations('x.ts', line)).toEqual([]);
  });

  it('appear in no file of the repository', () => {
    const found = files.filter((file) => !file.startsWith(RULES_FOLDER)).flatMap((file) => findCitations(file, textOf(file) ?? ''));
    expect(found.map(({ file, line, rule, text }) => `${file}:${line}: ${rule}: ${text}`)).toEqual([]);
  });
});
