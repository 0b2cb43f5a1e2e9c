import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textContentCategorize } from './text-content-categorize.js';

describe('text.content.categorize', () => {
  it('counts whole-word keyword matches (phrases and plurals too) and shares the score out', async () => {
    const output = await runChecked(textContentCategorize, {
      text: 'My parcels are out of stock at the warehouse, and the refund for the other parcel never came.',
      labels: [
        { name: 'shipping', keywords: ['parcel', 'out of stock'] },
        { name: 'billing', keywords: ['refund', 'invoice'] },
        { name: 'technical', keywords: ['error'] },
      ],
    });
    expect(output).toEqual({
      label: 'shipping',
      confidence: 0.75,
      ranking: [
        { label: 'shipping', score: 0.75, method: 'keywords' },
        { label: 'billing', score: 0.25, method: 'keywords' },
        { label: 'technical', score: 0, method: 'keywords' },
      ],
      matches: { shipping: ['parcel', 'out of stock'], billing: ['refund'] },
    });
  });

  it('does not match inside longer words, and uses the name when a label has no keywords', async () => {
    const output = await runChecked(textContentCategorize, { text: 'The errorless billing run finished.', labels: [{ name: 'error' }, 'billing'] });
    expect(output).toMatchObject({ label: 'billing', matches: { billing: ['billing'] } });
  });

  it('reports no label when nothing matches', async () => {
    expect(await runChecked(textContentCategorize, { text: '', labels: ['a'] })).toEqual({
      label: null,
      confidence: 0,
      ranking: [{ label: 'a', score: 0, method: 'keywords' }],
      matches: {},
    });
  });
});
