import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textContentNormalize } from './text-content-normalize.js';

describe('text.content.normalize', () => {
  it('folds full-width forms, removes invisible characters, unifies line ends and collapses spaces', async () => {
    expect(await runChecked(textContentNormalize, { text: '  Ｏｒｄｅｒ\u200b  #42\r\n\r\n\r\n\r\nshipped\t\ttoday\u0007 ' })).toEqual({
      text: 'Order #42\n\nshipped today',
      word_count: 4,
      char_count: 24,
    });
  });

  it('keeps compatibility characters under NFC and whitespace when asked', async () => {
    const output = await runChecked(textContentNormalize, { text: 'ﬁne  ２', form: 'NFC', collapse_whitespace: false });
    expect(output['text']).toBe('ﬁne  ２');
    expect((await runChecked(textContentNormalize, { text: 'ﬁne' }))['text']).toBe('fine');
  });

  it('composes decomposed accents and counts code points, not UTF-16 units', async () => {
    expect(await runChecked(textContentNormalize, { text: 'Cafe\u0301 😀' })).toEqual({ text: 'Café 😀', word_count: 1, char_count: 6 });
  });
});
