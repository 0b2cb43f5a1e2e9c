import { detectLanguage } from './detect-language.js';
import { stopwordsFor } from './stopwords.js';

/** Texts this short are too short even for a best guess at their stopwords. */
const GUESS_MIN_LENGTH = 10;

/**
 * The stopwords for a text: of the language given, else of the one detected (none if it has no
 * list). Short texts get the detector's best guess rather than `und`: dropping a few stopwords of
 * a close relative costs less than keeping all of them.
 */
export async function stopwordsForText(text: string, language?: string): Promise<ReadonlySet<string>> {
  return stopwordsFor(language ?? (await detectLanguage(text, undefined, GUESS_MIN_LENGTH)).language);
}
