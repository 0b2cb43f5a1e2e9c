/** One word of a text, with its UTF-16 offsets. */
export interface WordToken {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /**
   * Set for characters of scripts written without spaces (Chinese, Japanese, Thai…): each such
   * character is its own token, and tokens of one unbroken run share this number.
   */
  readonly run?: number;
}

// Letters, digits and combining marks, joined by inner apostrophes or hyphens ("don't",
// "state-of-the-art"). Linear: a joiner is never a word character, so no split is ambiguous.
// \u2019 is ’ (escaped: the server bundle stays pure ASCII, which V8 stores at one byte per character).
const WORD = /[\p{L}\p{N}\p{M}]+(?:['\u2019-][\p{L}\p{N}\p{M}]+)*/gu;
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** The words of a text in order; runs of space-less scripts become one token per character. */
export function wordTokens(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  let runs = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    if (!NO_SPACE_SCRIPT.test(word)) {
      tokens.push({ text: word, start, end: start + word.length });
      continue;
    }
    // Mixed word ("GPT模型"): plain stretches stay words, each space-less character is a token.
    let plainStart = -1;
    let inRun = false;
    let offset = 0;
    for (const char of word) {
      const at = start + offset;
      if (NO_SPACE_SCRIPT.test(char)) {
        if (plainStart >= 0) tokens.push({ text: text.slice(plainStart, at), start: plainStart, end: at });
        plainStart = -1;
        if (!inRun) runs += 1;
        inRun = true;
        tokens.push({ text: char, start: at, end: at + char.length, run: runs });
      } else {
        inRun = false;
        if (plainStart < 0) plainStart = at;
      }
      offset += char.length;
    }
    if (plainStart >= 0) tokens.push({ text: text.slice(plainStart, start + word.length), start: plainStart, end: start + word.length });
  }
  return tokens;
}

/** Words of a text; a character of a space-less script counts as one word. */
export function countWords(text: string): number {
  return wordTokens(text).length;
}
