import { defineCapability } from '../../define-capability.js';
import { integer, nullable, object, text } from '../../json-schema.js';
import { assertHtmlSize } from '../../html/assert-html-size.js';
import { htmlTitle, loadHtmlToText } from '../../html/html-title.js';
import { countWords } from '../../nlp/word-tokens.js';

interface Input {
  html: string;
}

// Not content: code, styling, embedded media and document metadata.
const SKIPPED = ['head', 'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'img', 'picture', 'video', 'audio', 'form', 'button', 'select'];

const OPTIONS = {
  wordwrap: false as const,
  // Elements deeper than this are not walked (html-to-text recurses per level).
  limits: { maxDepth: 256 },
  selectors: [
    ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
    { selector: 'a', options: { ignoreHref: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

export const webPageExtract = defineCapability<Input>({
  id: 'web.page.extract',
  description:
    'Readable text of an HTML page with html-to-text: entities decoded, scripts, styles, media and forms left out, paragraphs and list items on their own lines, tables laid out; plus the page title.',
  inputSchema: object({ html: text('The HTML document or fragment (at most 20,000 elements).') }, ['html']),
  outputSchema: object(
    { text: text('The page text.'), title: nullable(text('The <title>.')), word_count: integer('Words in the text.') },
    ['text', 'title', 'word_count'],
  ),
  async compute(input) {
    assertHtmlSize(input.html);
    // No-break spaces (&nbsp;) become plain spaces: they separate words like any other space.
    const { convert } = await loadHtmlToText();
    const pageText = convert(input.html, OPTIONS).replace(/\u00a0/g, ' ').trim();
    return { text: pageText, title: await htmlTitle(input.html), word_count: countWords(pageText) };
  },
});
