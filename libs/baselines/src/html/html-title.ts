import { convert } from 'html-to-text';

/**
 * The document's first `<title>`, entities decoded and whitespace collapsed; null without one.
 * Found with indexOf rather than a regular expression, so repeated unclosed "<title" cannot
 * make the search quadratic.
 */
export function htmlTitle(html: string): string | null {
  const lower = html.toLowerCase();
  let start = lower.indexOf('<title');
  while (start >= 0 && !/[\s>]/.test(lower.charAt(start + 6))) start = lower.indexOf('<title', start + 6);
  if (start < 0) return null;
  const open = lower.indexOf('>', start);
  const close = open < 0 ? -1 : lower.indexOf('</title', open);
  if (close < 0) return null;
  const title = convert(html.slice(open + 1, close), { wordwrap: false }).replace(/\s+/g, ' ').trim();
  return title === '' ? null : title;
}
