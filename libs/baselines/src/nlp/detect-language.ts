import { onFirstUse } from '../lazy-module.js';

// franc's trigram profiles of 187 languages (~3 MB of heap) load on the first detection.
const loadFranc = onFirstUse(() => import('franc'));

/**
 * The languages considered when a caller names none: the most written languages with reliable
 * trigram profiles. franc's full set of 187 includes close relatives (Scots, Nynorsk…) that it
 * prefers over English or Norwegian on short texts, so it is opt-in through `candidates`.
 */
export const DEFAULT_LANGUAGES: readonly string[] = [
  'eng', 'spa', 'fra', 'deu', 'ita', 'por', 'nld', 'swe', 'dan', 'nob', 'fin', 'pol', 'ces', 'slk', 'hun', 'ron', 'ell', 'tur',
  'rus', 'ukr', 'bul', 'srp', 'hrv', 'arb', 'heb', 'pes', 'hin', 'ben', 'tam', 'tha', 'vie', 'ind', 'cmn', 'jpn', 'kor', 'swh',
];

export interface LanguageGuess {
  /** ISO 639-3 code, or `und` when the text is too short or matches nothing. */
  readonly language: string;
  readonly confidence: number;
  readonly alternatives: readonly { readonly language: string; readonly score: number }[];
}

/**
 * Below this many characters a trigram guess is too often a close relative (a short English
 * sentence reads as Danish or Romanian), so such texts are `und` unless their script decides.
 */
export const DEFAULT_MIN_LENGTH = 40;

const UNDETERMINED: LanguageGuess = { language: 'und', confidence: 0, alternatives: [] };

/**
 * franc's trigram ranking. `confidence` is how far the best language is ahead of the runner-up
 * (franc scores the best as 1 and the others relative to it), so a clear win reads near 1 and a
 * toss-up near 0. A text shorter than `minLength` (whitespace runs counted once) is `und`, unless
 * its script belongs to one candidate language only (Chinese, Japanese, Korean, Thai…), which
 * franc decides without trigrams. franc looks at the first 2,048 characters only, so any length
 * is cheap.
 */
export async function detectLanguage(text: string, candidates: readonly string[] = DEFAULT_LANGUAGES, minLength = DEFAULT_MIN_LENGTH): Promise<LanguageGuess> {
  const { francAll } = await loadFranc();
  const length = text.trim().replace(/\s+/g, ' ').length;
  const ranking = francAll(text, { only: [...candidates], minLength: 1 });
  const [best, second] = ranking;
  if (best === undefined || best[0] === 'und') return UNDETERMINED;
  // One entry: the script named the language; more: trigrams compared, which needs text.
  if (second !== undefined && length < minLength) return UNDETERMINED;
  const confidence = second === undefined ? 1 : 1 - second[1];
  return {
    language: best[0],
    confidence: Math.round(confidence * 10_000) / 10_000,
    alternatives: ranking.slice(0, 3).map(([language, score]) => ({ language, score: Math.round(score * 10_000) / 10_000 })),
  };
}
