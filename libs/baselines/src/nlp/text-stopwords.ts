import { detectLanguage } from './detect-language.js';
import { stopwordsFor } from './stopwords.js';

/** The stopwords for a text: of the language given, else of the one detected (none if it has no list). */
export async function stopwordsForText(text: string, language?: string): Promise<ReadonlySet<string>> {
  return stopwordsFor(language ?? (await detectLanguage(text)).language);
}
