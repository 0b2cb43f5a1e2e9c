import { defineCapability } from '../../define-capability.js';
import { boolean, integer, list, nullable, object, text } from '../../json-schema.js';
import { onFirstUse } from '../../lazy-module.js';
import { assertHtmlSize } from '../../html/assert-html-size.js';

interface Input {
  html: string;
  base_url?: string;
  external_only?: boolean;
}

interface Link {
  url: string;
  text: string;
  rel: string | null;
  external: boolean | null;
}

// cheerio (htmlparser2, css-select, entity tables) loads on the first call.
const loadCheerio = onFirstUse(() => import('cheerio/slim'));

const FOLLOWABLE = new Set(['http:', 'https:', 'mailto:']);
// Anchored, one pass: a URL that names its scheme.
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The parts of a parsed node read here (domhandler's shape). */
interface DomNode {
  readonly type: string;
  readonly data?: string;
  readonly children?: readonly DomNode[];
}

/** An element's text, collected iteratively (deep markup inside a link cannot overflow the stack). */
function textOf(element: DomNode): string {
  const parts: string[] = [];
  const stack: DomNode[] = [...(element.children ?? [])].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as DomNode;
    if (node.type === 'text') parts.push(node.data ?? '');
    else if (node.children !== undefined) for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index] as DomNode);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function parseUrl(href: string, base: URL | undefined): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

/**
 * Where a link points: its absolute URL (the reference as written when there is no base to
 * resolve it against) and whether it leaves the base host; undefined for in-page anchors,
 * unparsable references and schemes that are not links to follow (javascript:, data:…).
 */
function target(href: string, base: URL | undefined): { url: string; external: boolean | null } | undefined {
  if (href === '' || href.startsWith('#')) return undefined;
  if (base === undefined && !SCHEME.test(href)) return { url: href, external: null };
  const resolved = parseUrl(href, base);
  if (resolved === undefined || !FOLLOWABLE.has(resolved.protocol)) return undefined;
  return { url: resolved.href, external: base === undefined || resolved.protocol === 'mailto:' ? null : resolved.host !== base.host };
}

export const webLinkExtract = defineCapability<Input>({
  id: 'web.link.extract',
  description:
    'Links of an HTML page (a and area elements) with cheerio: URLs resolved against base_url or the page’s <base>, link text, rel, and whether each leaves the base site. javascript:, data: and similar links and in-page anchors are skipped; duplicates keep their first text.',
  inputSchema: object(
    {
      html: text('The HTML document (at most 20,000 elements).'),
      base_url: text('Absolute URL the page was served from.', { maxLength: 2048 }),
      external_only: boolean('Only links to other hosts.', { default: false }),
    },
    ['html'],
  ),
  outputSchema: object(
    {
      links: list(
        object(
          {
            url: text('Absolute URL, or the reference as written when no base is known.'),
            text: text('Link text.'),
            rel: nullable(text('The rel attribute.')),
            external: nullable(boolean('Whether it points to another host (null without a base).')),
          },
          ['url', 'text', 'rel', 'external'],
        ),
        'Distinct links in page order.',
      ),
      count: integer('Links listed.'),
      skipped: integer('Links left out (script, data and similar URLs, in-page anchors, unparsable).'),
    },
    ['links', 'count', 'skipped'],
  ),
  async compute(input) {
    assertHtmlSize(input.html);
    // cheerio/slim parses with htmlparser2; parse5 slows down quadratically on deep nesting.
    const { load } = await loadCheerio();
    const $ = load(input.html);
    const declaredBase = $('base[href]').first().attr('href');
    const base = (input.base_url === undefined ? undefined : parseUrl(input.base_url, undefined)) ?? (declaredBase === undefined ? undefined : parseUrl(declaredBase, undefined));
    const links = new Map<string, Link>();
    let skipped = 0;
    for (const element of $('a[href], area[href]').toArray()) {
      const link = target((element.attribs['href'] ?? '').trim(), base);
      if (link === undefined) {
        skipped += 1;
        continue;
      }
      if (links.has(link.url) || (input.external_only === true && link.external !== true)) continue;
      links.set(link.url, { url: link.url, text: textOf(element as DomNode), rel: element.attribs['rel'] ?? null, external: link.external });
    }
    return { links: [...links.values()], count: links.size, skipped };
  },
});
