import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textContentExcerpt } from './text-content-excerpt.js';

describe('text.content.excerpt', () => {
  const text = 'Our spring catalogue is out. It features forty new titles from independent presses. Order before May for free delivery.';

  it('keeps whole leading sentences that fit', async () => {
    expect(await runChecked(textContentExcerpt, { text, max_chars: 90 })).toEqual({
      excerpt: 'Our spring catalogue is out. It features forty new titles from independent presses.',
      truncated: true,
    });
    expect(await runChecked(textContentExcerpt, { text, max_chars: 500 })).toEqual({ excerpt: text, truncated: false });
  });

  it('cuts a long first sentence at a word boundary with an ellipsis', async () => {
    const output = await runChecked(textContentExcerpt, { text: 'Forty new titles from independent presses arrive this spring, including three debut novels.', max_chars: 40 });
    expect(output).toEqual({ excerpt: 'Forty new titles from independent…', truncated: true });
    expect((output['excerpt'] as string).length).toBeLessThanOrEqual(40);
  });

  it('gives an empty excerpt for an empty text', async () => {
    expect(await runChecked(textContentExcerpt, { text: '' })).toEqual({ excerpt: '', truncated: false });
  });
});
