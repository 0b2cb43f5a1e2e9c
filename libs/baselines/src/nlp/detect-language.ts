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
 * franc's trigram ranking. `confidence` is how far the best language is ahead of the runner-up
 * (franc scores the best as 1 and the others relative to it), so a clear win reads near 1 and a
 * toss-up near 0. franc looks at the first 2,048 characters only, so any length is cheap.
 */
export async function detectLanguage(text: string, candidates: readonly string[] = DEFAULT_LANGUAGES, minLength = 10): Promise<LanguageGuess> {
  const { francAll } = await loadFranc();
  const ranking = francAll(text, { only: [...candidates], minLength });
  const [best, second] = ranking;
  if (best === undefined || best[0] === 'und') return { language: 'und', confidence: 0, alternatives: [] };
  const confidence = second === undefined ? 1 : 1 - second[1];
  return {
    language: best[0],
    confidence: Math.round(confidence * 10_000) / 10_000,
    alternatives: ranking.slice(0, 3).map(([language, score]) => ({ language, score: Math.round(score * 10_000) / 10_000 })),
  };
}
