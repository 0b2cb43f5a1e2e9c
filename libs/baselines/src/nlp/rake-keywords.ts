import { foldTerm, stripElision } from './fold-term.js';
import { round } from './term-vector.js';
import { wordTokens } from './word-tokens.js';

export interface ScoredKeyword {
  readonly keyword: string;
  readonly score: number;
  readonly count: number;
}

const HAS_LETTER = /\p{L}/u;
// Punctuation between two words, or a blank line, ends a candidate phrase.
const PHRASE_BREAK = /[^\s]|\n[^\S\n]*\n/u;

interface Phrase {
  readonly keys: string[];
  readonly words: string[];
}

/** Candidate phrases: runs of content words between stopwords, punctuation and blank lines. */
function candidatePhrases(text: string, stopwords: ReadonlySet<string>): Phrase[] {
  const phrases: Phrase[] = [];
  let current: Phrase = { keys: [], words: [] };
  const close = (): void => {
    if (current.keys.length > 0) phrases.push(current);
    current = { keys: [], words: [] };
  };
  let previousEnd = 0;
  for (const token of wordTokens(text)) {
    if (PHRASE_BREAK.test(text.slice(previousEnd, token.start))) close();
    previousEnd = token.end;
    const folded = foldTerm(token.text);
    const key = stripElision(folded, stopwords);
    // Space-less scripts are not RAKE material: their characters only break phrases.
    if (token.run !== undefined || key.length < 2 || !HAS_LETTER.test(key) || stopwords.has(key)) {
      close();
      continue;
    }
    current.keys.push(key);
    const lower = token.text.toLowerCase();
    // \u2019 is ’ (escaped: the server bundle stays pure ASCII, which V8 stores at one byte per character).
    current.words.push(key === folded ? lower : lower.slice(lower.search(/['\u2019]/) + 1));
  }
  close();
  return phrases;
}

/**
 * RAKE (Rose et al., "Automatic Keyword Extraction from Individual Documents"): candidate phrases
 * are the runs of content words between stopwords and punctuation; a word scores its degree
 * (co-occurrence within phrases) over its frequency, a phrase the sum of its words' scores.
 * Phrases longer than `maxWords` still count for their words' statistics but are not candidates
 * (cutting them would invent phrases). Phrases are merged case- and accent-insensitively; ranking:
 * score, then frequency, then first appearance. Linear in the text's length.
 */
export function rakeKeywords(text: string, stopwords: ReadonlySet<string>, maxWords: number): ScoredKeyword[] {
  const phrases = candidatePhrases(text, stopwords);
  const frequency = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const { keys } of phrases) {
    for (const key of keys) {
      frequency.set(key, (frequency.get(key) ?? 0) + 1);
      degree.set(key, (degree.get(key) ?? 0) + keys.length);
    }
  }
  const unique = new Map<string, { keyword: string; score: number; count: number; first: number }>();
  phrases.forEach(({ keys, words }, position) => {
    if (keys.length > maxWords) return;
    const id = keys.join(' ');
    const seen = unique.get(id);
    if (seen !== undefined) {
      seen.count += 1;
      return;
    }
    const score = keys.reduce((sum, key) => sum + (degree.get(key) ?? 0) / (frequency.get(key) ?? 1), 0);
    unique.set(id, { keyword: words.join(' '), score, count: 1, first: position });
  });
  return [...unique.values()]
    .sort((a, b) => b.score - a.score || b.count - a.count || a.first - b.first)
    .map(({ keyword, score, count }) => ({ keyword, score: round(score), count }));
}
