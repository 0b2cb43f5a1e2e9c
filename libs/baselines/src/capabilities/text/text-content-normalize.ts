import { defineCapability } from '../../define-capability.js';
import { boolean, integer, object, text } from '../../json-schema.js';
import { countWords } from '../../nlp/word-tokens.js';

interface Input {
  text: string;
  form?: 'NFC' | 'NFKC';
  collapse_whitespace?: boolean;
}

// C0/C1 controls except tab and line feed, and the invisible format characters that break
// matching (zero-width space and joiners, BOM, bidi overrides).
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

export const textContentNormalize = defineCapability<Input>({
  id: 'text.content.normalize',
  description:
    'Cleans text for processing: Unicode normalisation (NFKC by default), invisible and control characters removed, line endings unified, and runs of spaces collapsed (paragraph breaks kept).',
  inputSchema: object(
    {
      text: text('The text to clean.'),
      form: text('Unicode normalisation form.', { enum: ['NFC', 'NFKC'], default: 'NFKC' }),
      collapse_whitespace: boolean('Collapse spaces and tabs to one space, and three or more line breaks to two.', { default: true }),
    },
    ['text'],
  ),
  outputSchema: object(
    { text: text('The cleaned text.'), word_count: integer('Words in it.'), char_count: integer('Characters (code points) in it.') },
    ['text', 'word_count', 'char_count'],
  ),
  compute(input) {
    let cleaned = input.text.normalize(input.form ?? 'NFKC').replace(/\r\n?/g, '\n').replace(INVISIBLE, '');
    if (input.collapse_whitespace !== false) {
      cleaned = cleaned
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    }
    return { text: cleaned, word_count: countWords(cleaned), char_count: [...cleaned].length };
  },
});
