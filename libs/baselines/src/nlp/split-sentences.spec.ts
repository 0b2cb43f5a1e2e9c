import { describe, expect, it } from '@jest/globals';
import { splitSentences } from './split-sentences.js';

describe('splitSentences', () => {
  it('splits by Unicode rules with trimmed offsets, across scripts', () => {
    const text = '  Dr. Smith arrived. Did he?  Yes!\n\nHeading\n市议会批准了。天气很好。 ';
    const sentences = splitSentences(text);
    expect(sentences.map((sentence) => sentence.text)).toEqual(['Dr.', 'Smith arrived.', 'Did he?', 'Yes!', 'Heading', '市议会批准了。', '天气很好。']);
    for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });

  it('gives the same sentences for a long text as for its parts, in linear time', () => {
    const paragraph = 'The lanes connect the station with the university. Construction starts in April. ';
    const text = paragraph.repeat(12_000);
    const started = Date.now();
    const sentences = splitSentences(text);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(sentences.length).toBe(24_000);
    expect(new Set(sentences.map((sentence) => sentence.text))).toEqual(new Set(['The lanes connect the station with the university.', 'Construction starts in April.']));
  });

  it('cuts a sentence with no end in sight at whitespace, and never inside a surrogate pair', () => {
    const words = splitSentences('word '.repeat(2_000));
    expect(words.every((sentence) => /^(word ?)+$/.test(sentence.text))).toBe(true);
    expect(words.map((sentence) => sentence.text).join(' ').split(' ').length).toBe(2_000);
    const emoji = splitSentences('😀'.repeat(5_000));
    expect(emoji.map((sentence) => sentence.text).join('')).toBe('😀'.repeat(5_000));
  });
});
