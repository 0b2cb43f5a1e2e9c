import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { runChecked } from '../../testing/run-checked.js';
import { textContentPublish } from './text-content-publish.js';

describe('text.content.publish', () => {
  it('prepares the publication record: slug from the title, SHA-256 of the text, word count', async () => {
    const text = 'Our spring catalogue is out, with forty new titles.';
    expect(await runChecked(textContentPublish, { text, channel: 'blog', title: 'Spring Catalogue: 2025 edition!' })).toEqual({
      published: true,
      channel: 'blog',
      slug: 'spring-catalogue-2025-edition',
      digest: `sha256:${createHash('sha256').update(text).digest('hex')}`,
      word_count: 9,
    });
  });

  it('builds the slug from the first words of the text without a title, folding accents', async () => {
    const output = await runChecked(textContentPublish, { text: 'Élan vital: ça marche très bien, vraiment très très bien aujourd’hui.', channel: 'news' });
    expect(output['slug']).toBe('elan-vital-ca-marche-tres-bien-vraiment-tres');
    expect((await runChecked(textContentPublish, { text: '!!!', channel: 'news' }))['slug']).toBe('untitled');
  });

  it('refuses an empty text', async () => {
    await expect(textContentPublish.run({ text: '', channel: 'blog' })).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
