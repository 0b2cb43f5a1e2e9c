import { defineCapability } from '../../define-capability.js';
import { integer, list, name, number, object, text } from '../../json-schema.js';
import { DEFAULT_LANGUAGES, DEFAULT_MIN_LENGTH, detectLanguage } from '../../nlp/detect-language.js';

interface Input {
  text: string;
  candidates?: string[];
  min_length?: number;
}

export const textLanguageDetect = defineCapability<Input>({
  id: 'text.language.detect',
  description:
    'Detects the language of a text (franc trigram profiles; ISO 639-3 codes such as eng, spa, cmn). Considers 36 widely written languages unless candidates are given; `und` (confidence 0) when the text is shorter than min_length, unless its script belongs to one language.',
  inputSchema: object(
    {
      text: text('The text; only its first 2,048 characters are examined.'),
      candidates: list(name('An ISO 639-3 code.', { minLength: 3 }), 'Languages to choose from.', { minItems: 1, maxItems: 200 }),
      min_length: integer('Shorter texts are `und`, unless their script names the language (Chinese, Japanese, Korean, Thai…).', { minimum: 1, maximum: 1000, default: DEFAULT_MIN_LENGTH }),
    },
    ['text'],
  ),
  outputSchema: object(
    {
      language: name('ISO 639-3 code, or `und`.'),
      confidence: number('Lead over the runner-up, 0 to 1 (franc scores the best language 1 and the others relative to it).'),
      alternatives: list(object({ language: name('ISO 639-3 code.'), score: number('Relative score, best = 1.') }, ['language', 'score']), 'The three best languages.'),
    },
    ['language', 'confidence', 'alternatives'],
  ),
  async compute(input) {
    return { ...(await detectLanguage(input.text, input.candidates ?? DEFAULT_LANGUAGES, input.min_length ?? DEFAULT_MIN_LENGTH)) };
  },
});
