import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textContentSummarize } from './text-content-summarize.js';

const REPORT = [
  'The city council approved twelve kilometres of protected cycle lanes on Tuesday.',
  'The cycle lanes will connect the train station with the university.',
  'Shop owners worry about losing parking spaces.',
  'Construction of the cycle lanes starts in April.',
  'The weather was sunny.',
].join(' ');

describe('text.content.summarize', () => {
  it('keeps the sentences closest to the rest of the text, in their original order', async () => {
    const output = await runChecked(textContentSummarize, { text: REPORT, max_sentences: 2 });
    expect(output).toEqual({
      summary: 'The cycle lanes will connect the train station with the university. Construction of the cycle lanes starts in April.',
      sentences: ['The cycle lanes will connect the train station with the university.', 'Construction of the cycle lanes starts in April.'],
      sentence_count: 5,
      word_count: 19,
    });
  });

  it('respects a word budget, skipping sentences that would overflow it', async () => {
    const output = await runChecked(textContentSummarize, { text: REPORT, max_sentences: 3, max_words: 9 });
    expect(output['sentences']).toEqual(['Construction of the cycle lanes starts in April.']);
    expect(output['word_count']).toBe(8);
  });

  it('cuts the most central sentence when not even one sentence fits the budget', async () => {
    const output = await runChecked(textContentSummarize, { text: 'Twelve kilometres of protected cycle lanes were approved on Tuesday evening.', max_words: 4 });
    expect(output['summary']).toBe('Twelve kilometres of protected…');
  });

  it('splits German, French and Chinese sentences and returns a one-sentence text whole', async () => {
    const german = await runChecked(textContentSummarize, { text: 'Der Rat hat neue Radwege beschlossen. Die Radwege führen zum Bahnhof. Die Radwege kosten viel Geld.', max_sentences: 1 });
    expect(german['sentence_count']).toBe(3);
    expect(german['sentences']).toEqual(['Die Radwege führen zum Bahnhof.']);
    const chinese = await runChecked(textContentSummarize, { text: '市议会批准了新的自行车道。自行车道连接火车站和大学。天气很好。', max_sentences: 1 });
    expect(chinese['sentence_count']).toBe(3);
    expect(chinese['sentences']).toEqual(['市议会批准了新的自行车道。']);
    expect(await runChecked(textContentSummarize, { text: 'Une seule phrase ici.' })).toMatchObject({ summary: 'Une seule phrase ici.', sentence_count: 1 });
  });

  it('summarises empty text as empty', async () => {
    expect(await runChecked(textContentSummarize, { text: '   ' })).toEqual({ summary: '', sentences: [], sentence_count: 0, word_count: 0 });
  });
});
