import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textNgramExtract } from './text-ngram-extract.js';

describe('text.ngram.extract', () => {
  it('counts character bigrams within runs of a space-less script', async () => {
    expect(await runChecked(textNgramExtract, { text: '机器学习是人工智能的一个分支。机器学习算法通过数据训练模型。', max_keywords: 3 })).toEqual({
      keywords: ['机器', '器学', '学习'],
      ngrams: [
        { ngram: '机器', count: 2 },
        { ngram: '器学', count: 2 },
        { ngram: '学习', count: 2 },
      ],
    });
  });

  it('counts Japanese kana and kanji alike, but not across punctuation', async () => {
    const output = await runChecked(textNgramExtract, { text: 'ねこ。ねこ、いぬ', max_keywords: 5 });
    expect(output['ngrams']).toEqual([
      { ngram: 'ねこ', count: 2 },
      { ngram: 'いぬ', count: 1 },
    ]);
  });

  it('counts longer words of space-delimited scripts case-insensitively (Russian here)', async () => {
    const output = await runChecked(textNgramExtract, { text: 'Солнечные панели и панели на крыше. Солнечные панели дешевеют.', max_keywords: 2 });
    expect(output['keywords']).toEqual(['панели', 'солнечные']);
  });
});
