import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textContentCompare } from './text-content-compare.js';

describe('text.content.compare', () => {
  it('measures vocabulary overlap of two descriptions of one product', async () => {
    expect(
      await runChecked(textContentCompare, {
        a: 'Waterproof hiking boots with a leather upper and a rubber sole.',
        b: 'Leather hiking boots: waterproof, with a grippy rubber sole for wet trails.',
      }),
    ).toEqual({ cosine: 0.7559, jaccard: 0.6, shared_terms: ['waterproof', 'hiking', 'boot', 'leather', 'rubber', 'sole'], terms_a: 7, terms_b: 9 });
  });

  it('gives 1 for texts differing only in case, accents and stopwords, and 0 for disjoint ones', async () => {
    expect(await runChecked(textContentCompare, { a: 'The Café opens early', b: 'cafe OPENS early!' })).toMatchObject({ cosine: 1, jaccard: 1 });
    expect(await runChecked(textContentCompare, { a: 'red apples', b: 'blue whales' })).toMatchObject({ cosine: 0, jaccard: 0, shared_terms: [] });
    expect(await runChecked(textContentCompare, { a: '', b: '' })).toEqual({ cosine: 0, jaccard: 0, shared_terms: [], terms_a: 0, terms_b: 0 });
  });

  it('compares Chinese texts through character bigrams', async () => {
    const output = await runChecked(textContentCompare, { a: '太阳能电池板', b: '屋顶太阳能' });
    expect(output['shared_terms']).toEqual(['太阳', '阳能']);
  });
});
