import { defineCapability } from '../../define-capability.js';
import { integer, list, name, object, text, number } from '../../json-schema.js';
import { detectLanguage } from '../../nlp/detect-language.js';
import { rakeKeywords } from '../../nlp/rake-keywords.js';
import { allStopwords, STOPWORD_LANGUAGES, stopwordsFor } from '../../nlp/stopwords.js';

interface Input {
  text: string;
  max_keywords?: number;
  max_words?: number;
  language?: string;
}

export const textKeywordExtract = defineCapability<Input>({
  id: 'text.keyword.extract',
  description:
    'Key phrases of a text by RAKE (stopword-delimited phrases scored by word degree over frequency), with the stopwords of English, Spanish, French, German, Italian, Portuguese or Dutch.',
  inputSchema: object(
    {
      text: text('The text to analyse.'),
      max_keywords: integer('Most key phrases to return.', { minimum: 1, maximum: 100, default: 10 }),
      max_words: integer('Longest key phrase, in words (longer stopword-free runs are not candidates).', { minimum: 1, maximum: 8, default: 4 }),
      language: name('ISO 639-3 code choosing the stopword list; detected when absent. Unknown codes use every list.'),
    },
    ['text'],
  ),
  outputSchema: object(
    {
      keywords: list(text('A key phrase, lower case.'), 'Key phrases, best first.'),
      scores: list(
        object({ keyword: text('The key phrase.'), score: number('RAKE score.'), count: integer('Occurrences.') }, ['keyword', 'score', 'count']),
        'Each key phrase with its score and count.',
      ),
      language: name('The language whose stopwords were used (`und`: all lists).'),
    },
    ['keywords', 'scores', 'language'],
  ),
  async compute(input) {
    const language = input.language ?? (await detectLanguage(input.text)).language;
    // RAKE cannot work without stopwords: a language without a list gets every list.
    const stopwords = STOPWORD_LANGUAGES.includes(language) ? stopwordsFor(language) : allStopwords();
    const ranked = rakeKeywords(input.text, stopwords, input.max_words ?? 4).slice(0, input.max_keywords ?? 10);
    return { keywords: ranked.map((entry) => entry.keyword), scores: ranked, language };
  },
});
