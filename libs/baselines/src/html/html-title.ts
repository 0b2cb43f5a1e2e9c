import { onFirstUse } from '../lazy-module.js';

/** html-to-text (with htmlparser2 and its entity tables), imported on the first page read. */
export const loadHtmlToText = onFirstUse(() => import('html-to-text'));

/**
 * The document's first `<title>`, entities decoded and whitespace collapsed; null without one.
 * Found with indexOf rather than a regular expression, so repeated unclosed "<title" cannot
 * make the search quadratic.
 */
export async function htmlTitle(html: string): Promise<string | null> {
  const lower = html.toLowerCase();
  let start = lower.indexOf('<title');
  while (start >= 0 && !/[\s>]/.test(lower.charAt(start + 6))) start = lower.indexOf('<title', start + 6);
  if (start < 0) return null;
  const open = lower.indexOf('>', start);
  const close = open < 0 ? -1 : lower.indexOf('</title', open);
  if (close < 0) return null;
  const { convert } = await loadHtmlToText();
  const title = convert(html.slice(open + 1, close), { wordwrap: false }).replace(/\s+/g, ' ').trim();
  return title === '' ? null : title;
}
