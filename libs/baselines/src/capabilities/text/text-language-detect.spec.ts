import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textLanguageDetect } from './text-language-detect.js';

const SAMPLES: [string, string][] = [
  ['eng', 'The quick brown fox jumps over the lazy dog and runs into the forest behind the old farmhouse.'],
  ['spa', 'La biblioteca municipal abre todos los días de nueve a ocho, excepto los domingos y festivos.'],
  ['fra', 'La bibliothèque municipale est ouverte tous les jours de neuf heures à dix-huit heures.'],
  ['deu', 'Die Stadtbibliothek ist jeden Tag von neun bis achtzehn Uhr geöffnet, außer an Sonntagen.'],
  ['ita', 'La biblioteca comunale è aperta tutti i giorni dalle nove alle diciotto, tranne la domenica.'],
  ['por', 'A biblioteca municipal abre todos os dias das nove às dezoito horas, exceto aos domingos.'],
  ['nld', 'De openbare bibliotheek is elke dag open van negen tot zes uur, behalve op zondag.'],
  ['rus', 'Городская библиотека открыта каждый день с девяти до шести часов, кроме воскресенья.'],
  ['cmn', '市图书馆每天上午九点到下午六点开放，星期日除外。'],
  ['jpn', '市立図書館は日曜日を除き、毎日午前九時から午後六時まで開いています。'],
  ['arb', 'المكتبة العامة مفتوحة كل يوم من الساعة التاسعة صباحا حتى السادسة مساء ما عدا يوم الأحد.'],
];

describe('text.language.detect', () => {
  it('decides short texts whose script names one language, and counts whitespace runs once', async () => {
    expect(await runChecked(textLanguageDetect, { text: '星期日除外。' })).toMatchObject({ language: 'cmn', confidence: 1 });
    expect(await runChecked(textLanguageDetect, { text: `Runs are kept${' '.repeat(40)}in memory.` })).toMatchObject({ language: 'und' });
    const atMinimum = 'The library opens every day at nine am.';
    expect(atMinimum.length).toBe(39);
    expect(await runChecked(textLanguageDetect, { text: atMinimum })).toMatchObject({ language: 'und' });
    expect(await runChecked(textLanguageDetect, { text: `${atMinimum}.` })).toMatchObject({ language: 'eng' });
  });

  it.each(SAMPLES)('detects %s', async (language, text) => {
    const output = await runChecked(textLanguageDetect, { text });
    expect(output['language']).toBe(language);
    expect((output['alternatives'] as { language: string }[])[0]?.language).toBe(language);
    expect(output['confidence']).toBeGreaterThan(0);
  });

  it('gives the exact ranking for a Spanish sentence', async () => {
    expect(await runChecked(textLanguageDetect, { text: 'La biblioteca municipal abre todos los días de nueve a ocho, excepto los domingos.' })).toEqual({
      language: 'spa',
      confidence: 0.0772,
      alternatives: [
        { language: 'spa', score: 1 },
        { language: 'por', score: 0.9228 },
        { language: 'fra', score: 0.7914 },
      ],
    });
  });

  it('answers und for text that is too short, and chooses among the candidates given', async () => {
    expect(await runChecked(textLanguageDetect, { text: 'ok' })).toEqual({ language: 'und', confidence: 0, alternatives: [] });
    // 23 characters of English that trigrams alone take for Danish.
    expect(await runChecked(textLanguageDetect, { text: 'Streams end after done.' })).toEqual({ language: 'und', confidence: 0, alternatives: [] });
    expect(await runChecked(textLanguageDetect, { text: 'Streams end after done.', min_length: 10 })).toMatchObject({ language: expect.not.stringMatching(/^und$/) });
    const output = await runChecked(textLanguageDetect, { text: SAMPLES[4]?.[1] ?? '', candidates: ['spa', 'por'] });
    expect(output['language']).toBe('spa');
  });
});
