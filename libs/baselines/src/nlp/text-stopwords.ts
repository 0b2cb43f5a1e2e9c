import { detectLanguage } from './detect-language.js';
import { stopwordsFor } from './stopwords.js';

/** The stopwords for a text: of the language given, else of the one detected (none if it has no list). */
export function stopwordsForText(text: string, language?: string): ReadonlySet<string> {
  return stopwordsFor(language ?? detectLanguage(text).language);
}
