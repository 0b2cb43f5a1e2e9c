import { defineCapability } from '../../define-capability.js';
import { integer, name, nullable, object, text } from '../../json-schema.js';
import { byCentrality, sentenceCentrality } from '../../nlp/sentence-centrality.js';
import { splitSentences } from '../../nlp/split-sentences.js';
import { stopwordsForText } from '../../nlp/text-stopwords.js';
import { joinSentences } from '../../nlp/join-sentences.js';
import { countWords } from '../../nlp/word-tokens.js';

interface Input {
  text: string;
  language?: string;
}

export const textContentCondense = defineCapability<Input>({
  id: 'text.content.condense',
  description:
    'Shortens a text by one sentence: removes its least central sentence (TF-IDF centroid similarity; among equals the later one) and keeps the rest in order. Repeat it to shrink a text step by step.',
  inputSchema: object(
    {
      text: text('The text to shorten.'),
      language: name('ISO 639-3 code for the stopword list; detected when absent.'),
    },
    ['text'],
  ),
  outputSchema: object(
    {
      text: text('The text without its least central sentence (unchanged when it has one sentence or none).'),
      removed: nullable(text('The sentence removed.')),
      sentence_count: integer('Sentences left.'),
      word_count: integer('Words left.'),
    },
    ['text', 'removed', 'sentence_count', 'word_count'],
  ),
  async compute(input) {
    const sentences = splitSentences(input.text);
    if (sentences.length <= 1) {
      const only = sentences[0]?.text ?? '';
      return { text: only, removed: null, sentence_count: sentences.length, word_count: countWords(only) };
    }
    const order = byCentrality(sentenceCentrality(sentences, await stopwordsForText(input.text, input.language)));
    const weakest = order[order.length - 1];
    const kept = sentences.filter((_, index) => index !== weakest).map((sentence) => sentence.text);
    const condensed = joinSentences(kept);
    return {
      text: condensed,
      removed: weakest === undefined ? null : (sentences[weakest]?.text ?? null),
      sentence_count: kept.length,
      word_count: countWords(condensed),
    };
  },
});
