import { foldTerm, lightStem, stripElision } from './fold-term.js';
import { wordTokens } from './word-tokens.js';

const HAS_LETTER = /\p{L}/u;

/**
 * The terms that carry a text's meaning, for vector comparisons: folded, lightly stemmed words
 * without stopwords or bare numbers; space-less scripts contribute character bigrams (the usual
 * indexing unit for Chinese and Japanese), a lone character stands for itself.
 */
export function contentTerms(text: string, stopwords: ReadonlySet<string>): string[] {
  const tokens = wordTokens(text);
  const terms: string[] = [];
  tokens.forEach((token, index) => {
    if (token.run === undefined) {
      const folded = stripElision(foldTerm(token.text), stopwords);
      if (folded.length > 1 && HAS_LETTER.test(folded) && !stopwords.has(folded)) terms.push(lightStem(folded));
      return;
    }
    const next = tokens[index + 1];
    const previous = tokens[index - 1];
    if (next?.run === token.run) terms.push(token.text + next.text);
    else if (previous?.run !== token.run) terms.push(token.text);
  });
  return terms;
}
