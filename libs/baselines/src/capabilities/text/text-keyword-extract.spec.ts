import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textKeywordExtract } from './text-keyword-extract.js';

describe('text.keyword.extract', () => {
  it('ranks RAKE key phrases of an English text (degree over frequency, phrases merged case-insensitively)', async () => {
    const output = await runChecked(textKeywordExtract, {
      text: 'Solar panels convert sunlight into electricity. Rooftop solar panels can cover most household electricity needs, and battery storage keeps the lights on after sunset.',
      max_keywords: 4,
    });
    // solar and panels: frequency 2, degree 4 + 3 → 3.5 each; convert, sunlight: 4; rooftop: 3;
    // battery, storage: 2; household: 2, electricity: (1 + 2) / 2.
    expect(output).toEqual({
      keywords: ['solar panels convert sunlight', 'rooftop solar panels', 'battery storage', 'household electricity'],
      scores: [
        { keyword: 'solar panels convert sunlight', score: 15, count: 1 },
        { keyword: 'rooftop solar panels', score: 10, count: 1 },
        { keyword: 'battery storage', score: 4, count: 1 },
        { keyword: 'household electricity', score: 3.5, count: 1 },
      ],
      language: 'eng',
    });
  });

  it('uses the stopwords of the detected language, French elisions included ("l\'énergie" → "énergie")', async () => {
    const output = await runChecked(textKeywordExtract, {
      text: "L'énergie solaire est propre. Les panneaux solaires produisent de l'énergie solaire pendant la journée.",
      max_keywords: 3,
    });
    expect(output['language']).toBe('fra');
    expect(output['scores']).toEqual([
      { keyword: 'panneaux solaires produisent', score: 9, count: 1 },
      { keyword: 'énergie solaire pendant', score: 8, count: 1 },
      { keyword: 'énergie solaire', score: 5, count: 1 },
    ]);
  });

  it('counts a repeated phrase once, with its number of occurrences', async () => {
    const output = await runChecked(textKeywordExtract, { text: 'Battery storage matters. Battery Storage, again: battery storage.', language: 'eng' });
    // battery, storage: frequency 3, degree 3 + 2 + 2 → 7/3 each; matters: 3 / 1.
    expect(output['scores']).toEqual([
      { keyword: 'battery storage matters', score: 7.6667, count: 1 },
      { keyword: 'battery storage', score: 4.6667, count: 2 },
    ]);
  });

  it('honours an explicit language, and leaves out phrases longer than max_words rather than cutting them', async () => {
    const text = 'Die neue Bahnstrecke verbindet Berlin und Hamburg.';
    expect(await runChecked(textKeywordExtract, { text, language: 'deu' })).toMatchObject({ language: 'deu', keywords: ['neue bahnstrecke verbindet berlin', 'hamburg'] });
    expect(await runChecked(textKeywordExtract, { text, language: 'deu', max_words: 2 })).toMatchObject({ keywords: ['hamburg'] });
  });

  it('finds nothing in a text of stopwords, numbers and punctuation', async () => {
    expect(await runChecked(textKeywordExtract, { text: 'It is what it is, 2024 — and so on.', language: 'eng' })).toEqual({ keywords: [], scores: [], language: 'eng' });
  });
});
