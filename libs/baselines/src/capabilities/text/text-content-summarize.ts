import { defineCapability } from '../../define-capability.js';
import { integer, list, name, object, text } from '../../json-schema.js';
import { byCentrality, sentenceCentrality } from '../../nlp/sentence-centrality.js';
import { splitSentences } from '../../nlp/split-sentences.js';
import { stopwordsForText } from '../../nlp/text-stopwords.js';
import { joinSentences } from '../../nlp/join-sentences.js';
import { countWords, wordTokens } from '../../nlp/word-tokens.js';

interface Input {
  text: string;
  max_sentences?: number;
  max_words?: number;
  language?: string;
}

/** The first `limit` words of a sentence, with an ellipsis. */
function truncateWords(sentence: string, limit: number): string {
  const last = wordTokens(sentence)[limit - 1];
  return last === undefined ? sentence : `${sentence.slice(0, last.end)}…`;
}

export const textContentSummarize = defineCapability<Input>({
  id: 'text.content.summarize',
  description:
    'Extractive summary: picks the most central sentences (TF-IDF centroid similarity) and returns them in their original order, within a sentence and an optional word budget.',
  inputSchema: object(
    {
      text: text('The text to summarise (plain text; use web.page.extract first for HTML).'),
      max_sentences: integer('Most sentences to keep.', { minimum: 1, maximum: 100, default: 3 }),
      max_words: integer('Most words in the summary; a single sentence over it is cut with an ellipsis.', { minimum: 1, maximum: 100_000 }),
      language: name('ISO 639-3 code for the stopword list; detected when absent.'),
    },
    ['text'],
  ),
  outputSchema: object(
    {
      summary: text('The selected sentences, joined by a space (or a line break after a heading-like sentence).'),
      sentences: list(text('A selected sentence.'), 'The selected sentences, in text order.'),
      sentence_count: integer('Sentences in the input.'),
      word_count: integer('Words in the summary.'),
    },
    ['summary', 'sentences', 'sentence_count', 'word_count'],
  ),
  async compute(input) {
    const sentences = splitSentences(input.text);
    const scores = sentenceCentrality(sentences, await stopwordsForText(input.text, input.language));
    const maxSentences = input.max_sentences ?? 3;
    const chosen: number[] = [];
    let words = 0;
    for (const index of byCentrality(scores)) {
      if (chosen.length >= maxSentences) break;
      const count = countWords(sentences[index]?.text ?? '');
      if (input.max_words !== undefined && words + count > input.max_words) continue;
      chosen.push(index);
      words += count;
    }
    let selected = chosen.sort((a, b) => a - b).map((index) => sentences[index]?.text ?? '');
    const [best] = byCentrality(scores);
    if (selected.length === 0 && best !== undefined && input.max_words !== undefined) {
      selected = [truncateWords(sentences[best]?.text ?? '', input.max_words)];
    }
    const summary = joinSentences(selected);
    return { summary, sentences: selected, sentence_count: sentences.length, word_count: countWords(summary) };
  },
});
