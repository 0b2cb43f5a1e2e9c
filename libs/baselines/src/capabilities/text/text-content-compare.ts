import { defineCapability } from '../../define-capability.js';
import { integer, list, number, object, text } from '../../json-schema.js';
import { contentTerms } from '../../nlp/content-terms.js';
import { stopwordsForText } from '../../nlp/text-stopwords.js';
import { cosine, round, termFrequencies } from '../../nlp/term-vector.js';

interface Input {
  a: string;
  b: string;
  max_shared_terms?: number;
}

export const textContentCompare = defineCapability<Input>({
  id: 'text.content.compare',
  description:
    'How similar two texts are in vocabulary: cosine similarity of their term-frequency vectors and Jaccard overlap of their term sets (stopwords of their language removed, case and accents folded), plus the terms they share most.',
  inputSchema: object(
    {
      a: text('The first text.'),
      b: text('The second text.'),
      max_shared_terms: integer('Most shared terms to list.', { minimum: 0, maximum: 100, default: 10 }),
    },
    ['a', 'b'],
  ),
  outputSchema: object(
    {
      cosine: number('Cosine similarity of the term-frequency vectors, 0 to 1.'),
      jaccard: number('Shared terms over all terms, 0 to 1.'),
      shared_terms: list(text('A term.'), 'Terms in both texts, most frequent in both first.'),
      terms_a: integer('Distinct terms of a.'),
      terms_b: integer('Distinct terms of b.'),
    },
    ['cosine', 'jaccard', 'shared_terms', 'terms_a', 'terms_b'],
  ),
  async compute(input) {
    // One stopword list for both (the language of the two together), so their terms compare.
    const stopwords = await stopwordsForText(`${input.a}\n${input.b}`.slice(0, 4096));
    const a = termFrequencies(contentTerms(input.a, stopwords));
    const b = termFrequencies(contentTerms(input.b, stopwords));
    const shared = [...a.keys()].filter((term) => b.has(term));
    const union = a.size + b.size - shared.length;
    const sharedTerms = shared
      .map((term, order) => ({ term, weight: Math.min(a.get(term) ?? 0, b.get(term) ?? 0), order }))
      .sort((x, y) => y.weight - x.weight || x.order - y.order)
      .slice(0, input.max_shared_terms ?? 10)
      .map((entry) => entry.term);
    return {
      cosine: round(cosine(a, b)),
      jaccard: union === 0 ? 0 : round(shared.length / union),
      shared_terms: sharedTerms,
      terms_a: a.size,
      terms_b: b.size,
    };
  },
});
