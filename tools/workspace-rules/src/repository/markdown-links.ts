import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Lexer, type Token, type Tokens } from 'marked';

/** A link target that is not a URL: a file or folder of the repository, maybe with a #fragment. */
export interface RelativeLink {
  readonly target: string;
  readonly line: number;
}

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function childrenOf(token: Token): readonly Token[] {
  const nested: Token[] = [];
  if ('tokens' in token && Array.isArray(token.tokens)) nested.push(...(token.tokens as Token[]));
  if (token.type === 'list') for (const item of (token as Tokens.List).items) nested.push(item);
  if (token.type === 'table') {
    const table = token as Tokens.Table;
    for (const cell of [...table.header, ...table.rows.flat()]) nested.push(...cell.tokens);
  }
  return nested;
}

/**
 * The relative links and images of a Markdown text (through marked's lexer, so links inside code
 * spans and fenced blocks are not links, and reference-style links count where they are used),
 * with the line each starts on.
 */
export function relativeLinks(markdown: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  const lineOf = (raw: string, from: number): number => markdown.slice(0, Math.max(0, markdown.indexOf(raw, from))).split('\n').length;
  let cursor = 0;
  const visit = (tokens: readonly Token[], blockStart: number): void => {
    for (const token of tokens) {
      if ((token.type === 'link' || token.type === 'image') && !ABSOLUTE.test((token as Tokens.Link).href)) {
        links.push({ target: (token as Tokens.Link).href, line: lineOf(token.raw, blockStart) });
      }
      visit(childrenOf(token), blockStart);
    }
  };
  const lexer = new Lexer({ gfm: true });
  const tokens = lexer.lex(markdown);
  for (const token of tokens) {
    const start = markdown.indexOf(token.raw, cursor);
    visit([token], start < 0 ? cursor : start);
    if (start >= 0) cursor = start + token.raw.length;
  }
  return links;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'heading') {
        const base = (token as Tokens.Heading).text
          .replace(/<[^>]*>/g, '')
          .replace(/[`*_~]|\[|\]\([^)]*\)/g, '')
          .toLowerCase()
          .trim()
          .replace(/[^\p{L}\p{N}\s_-]/gu, '')
          .replace(/\s/g, '-');
        const seen = counts.get(base) ?? 0;
        counts.set(base, seen + 1);
        anchors.add(seen === 0 ? base : `${base}-${seen}`);
      }
      walk(childrenOf(token));
    }
  };
  walk(new Lexer({ gfm: true }).lex(markdown));
  return anchors;
}

export interface BrokenLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly problem: string;
}

/**
 * The links of the Markdown file `file` (relative to `root`) that do not resolve: a missing file
 * or folder, a link that leaves the repository, or a `#fragment` no heading of the target makes.
 */
export function brokenLinks(root: string, file: string, markdown: string, readMarkdown: (file: string) => string | undefined): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const { target, line } of relativeLinks(markdown)) {
    const [rawPath = '', fragment] = target.split('#', 2);
    const path = decodeURI(rawPath);
    const resolved = path === '' ? join(root, file) : join(root, dirname(file), path);
    const inside = relative(root, resolved);
    const report = (problem: string): void => void broken.push({ file, line, target, problem });
    if (inside.startsWith('..')) {
      report('leaves the repository');
      continue;
    }
    if (!existsSync(resolved)) {
      report('no such file or folder');
      continue;
    }
    if (fragment !== undefined && fragment !== '' && inside.endsWith('.md') && statSync(resolved).isFile()) {
      const text = readMarkdown(inside);
      if (text !== undefined && !headingAnchors(text).has(fragment.toLowerCase())) report(`no heading makes the anchor #${fragment}`);
    }
  }
  return broken;
}
