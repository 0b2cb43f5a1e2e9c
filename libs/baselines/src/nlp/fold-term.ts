// Marks right after a Latin letter (é = e + ◌́ once decomposed); other scripts keep theirs, where
// vowel signs are part of the word.
const LATIN_MARKS = /(?<=\p{Script=Latin})\p{M}+/gu;

/** Case- and accent-insensitive form of a word (Latin accents only): "Café" → "cafe", "l’été" → "l'ete". */
export function foldTerm(word: string): string {
  // \u2019 (’) escaped: one non-ASCII literal makes V8 keep the whole server bundle as UTF-16 (twice its size).
  return word.normalize('NFD').replace(LATIN_MARKS, '').normalize('NFC').toLowerCase().replace(/\u2019/g, "'");
}

/** Drops an elided article or pronoun ("l'ete" → "ete", "dell'arte" → "arte") when it is a stopword. */
export function stripElision(folded: string, stopwords: ReadonlySet<string>): string {
  const at = folded.indexOf("'");
  return at > 0 && at <= 4 && stopwords.has(folded.slice(0, at)) ? folded.slice(at + 1) : folded;
}

/**
 * A deliberately light stemmer for matching, not for display: English-style plural endings of
 * ASCII words ("invoices" → "invoice", "policies" → "policy"). Heavier stemming would merge words
 * across the languages this library reads; this one only folds the most common inflection.
 */
export function lightStem(term: string): string {
  if (term.length < 4 || !/^[a-z]+$/.test(term)) return term;
  if (term.endsWith('ies') && term.length > 4) return `${term.slice(0, -3)}y`;
  if (term.endsWith('sses')) return term.slice(0, -2);
  if (term.endsWith('s') && !term.endsWith('ss') && !term.endsWith('us') && !term.endsWith('is')) return term.slice(0, -1);
  return term;
}
