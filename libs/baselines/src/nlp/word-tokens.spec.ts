import { describe, expect, it } from '@jest/globals';
import { countWords, wordTokens } from './word-tokens.js';

describe('wordTokens', () => {
  it('keeps inner apostrophes and hyphens, and Devanagari words with their vowel signs', () => {
    expect(wordTokens("Don't re-use state-of-the-art hindi: नमस्ते दुनिया, 3.5 km").map((token) => token.text)).toEqual([
      "Don't",
      're-use',
      'state-of-the-art',
      'hindi',
      'नमस्ते',
      'दुनिया',
      '3',
      '5',
      'km',
    ]);
  });

  it('splits space-less scripts into one token per character, numbering each run', () => {
    const tokens = wordTokens('GPT模型很强。日本語');
    expect(tokens.map((token) => [token.text, token.run ?? null])).toEqual([
      ['GPT', null],
      ['模', 1],
      ['型', 1],
      ['很', 1],
      ['强', 1],
      ['日', 2],
      ['本', 2],
      ['語', 2],
    ]);
    expect(countWords('GPT模型很强。')).toBe(5);
  });
});
