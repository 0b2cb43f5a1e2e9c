import { defineCapability } from '../../define-capability.js';
import { integer, list, object, text } from '../../json-schema.js';
import { foldTerm } from '../../nlp/fold-term.js';
import { wordTokens } from '../../nlp/word-tokens.js';

interface Input {
  text: string;
  max_keywords?: number;
  min_word_length?: number;
}

const HAS_LETTER = /\p{L}/u;

export const textNgramExtract = defineCapability<Input>({
  id: 'text.ngram.extract',
  description:
    'Language-independent key terms by frequency: character bigrams for scripts written without spaces (Chinese, Japanese, Thai…) and longer words elsewhere. The fallback for languages without a stopword list.',
  inputSchema: object(
    {
      text: text('The text to analyse.'),
      max_keywords: integer('Most terms to return.', { minimum: 1, maximum: 100, default: 10 }),
      min_word_length: integer('Shortest word counted (space-delimited scripts), which keeps most function words out.', { minimum: 1, maximum: 20, default: 4 }),
    },
    ['text'],
  ),
  outputSchema: object(
    {
      keywords: list(text('A term.'), 'Terms, most frequent first.'),
      ngrams: list(object({ ngram: text('The term.'), count: integer('Occurrences.') }, ['ngram', 'count']), 'Each term with its count.'),
    },
    ['keywords', 'ngrams'],
  ),
  compute(input) {
    const minLength = input.min_word_length ?? 4;
    const counts = new Map<string, { count: number; first: number }>();
    const add = (term: string, position: number): void => {
      const entry = counts.get(term);
      if (entry === undefined) counts.set(term, { count: 1, first: position });
      else entry.count += 1;
    };
    const tokens = wordTokens(input.text);
    tokens.forEach((token, index) => {
      if (token.run === undefined) {
        const term = foldTerm(token.text);
        if ([...term].length >= minLength && HAS_LETTER.test(term)) add(term, index);
        return;
      }
      const next = tokens[index + 1];
      if (next?.run === token.run) add(token.text + next.text, index);
    });
    const ranked = [...counts.entries()]
      .filter(([term]) => HAS_LETTER.test(term))
      .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
      .slice(0, input.max_keywords ?? 10)
      .map(([ngram, { count }]) => ({ ngram, count }));
    return { keywords: ranked.map((entry) => entry.ngram), ngrams: ranked };
  },
});
