// Term processing shared by the discover index and its queries, so both sides agree: Unicode
// normalised and lower-cased, accents folded, English stop words dropped, and a light suffix
// stemmer so that summarise/summarize/summarizing/summary, validate/validation and
// record/records meet. Words of other scripts pass through unchanged (lower-cased).

const STOP_WORDS = new Set(
  (
    'a an and are as at be by can do does for from get give how i in into is it its me my of on or our ' +
    'please so some than that the their them then these this those to us was we what when which who why ' +
    'will with without you your any all each every'
  ).split(' '),
);

// Longest first; the first that leaves a stem of at least 3 characters is removed.
const SUFFIXES: readonly (readonly [string, string])[] = [
  ['ifications', 'if'],
  ['ification', 'if'],
  ['izations', ''],
  ['ization', ''],
  ['ifying', 'if'],
  ['ations', ''],
  ['ified', 'if'],
  ['ifies', 'if'],
  ['izers', ''],
  ['izing', ''],
  ['ation', ''],
  ['ating', ''],
  ['izer', ''],
  ['ized', ''],
  ['izes', ''],
  ['ated', ''],
  ['ates', ''],
  ['ions', ''],
  ['ings', ''],
  ['ify', 'if'],
  ['ize', ''],
  ['ate', ''],
  ['ion', ''],
  ['ing', ''],
  ['ies', ''],
  ['ers', ''],
  ['ed', ''],
  ['es', ''],
  ['er', ''],
  ['ly', ''],
  ['s', ''],
  ['e', ''],
  ['y', ''],
];

/** British -is- spellings folded into -iz- before stemming (summarise → summarize). */
const BRITISH = /is(e|es|ed|ing|ation|ations|er|ers)$/;

export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  const american = word.replace(BRITISH, 'iz$1');
  for (const [suffix, replacement] of SUFFIXES) {
    if (!american.endsWith(suffix)) continue;
    if (suffix === 's' && (american.endsWith('ss') || american.endsWith('us'))) continue;
    const base = american.slice(0, -suffix.length);
    if (base.length >= 3) return base + replacement;
  }
  return american;
}

/** Splits on anything that is not a letter or a digit (dots and dashes of ids included). */
export function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
}

/** One token as indexed and queried: null for stop words and single characters. */
export function processTerm(token: string): string | null {
  const folded = token.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  if (folded.length < 2 || STOP_WORDS.has(folded)) return null;
  return stem(folded);
}

/** The distinct processed terms of a text. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term !== null) terms.add(term);
  }
  return [...terms];
}
