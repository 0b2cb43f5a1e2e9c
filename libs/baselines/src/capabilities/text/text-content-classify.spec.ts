import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textContentClassify } from './text-content-classify.js';

const LABELS = [
  { name: 'billing', description: 'Charges, payments, invoices, refunds and subscription fees.' },
  { name: 'technical', description: 'Errors, crashes, login problems and bugs in the app.' },
  { name: 'shipping', description: 'Delivery times, tracking numbers and lost parcels.' },
];

describe('text.content.classify', () => {
  it('picks the label whose description shares the most distinctive terms with the text', async () => {
    const output = await runChecked(textContentClassify, { text: 'The app crashes with an error after the login screen.', labels: LABELS });
    expect(output['label']).toBe('technical');
    expect((output['ranking'] as { label: string }[]).map((entry) => entry.label)).toEqual(['technical', 'billing', 'shipping']);
    expect(output['confidence']).toBeGreaterThan(0.4);
  });

  it('matches plural and singular forms and accents ("refunds" and "refund", "café" and "cafe")', async () => {
    const output = await runChecked(textContentClassify, { text: 'I need a refund for the invoice.', labels: LABELS });
    expect(output).toMatchObject({ label: 'billing' });
    const cafe = await runChecked(textContentClassify, { text: 'Le café est fermé le lundi.', labels: [{ name: 'food', description: 'cafe restaurant bakery' }, 'transport'] });
    expect(cafe['label']).toBe('food');
  });

  it('accepts bare label names, scores nothing without overlap, and keeps the given order on ties', async () => {
    const output = await runChecked(textContentClassify, { text: 'Completely unrelated words here.', labels: ['sports', 'politics'] });
    expect(output).toEqual({
      label: null,
      confidence: 0,
      ranking: [
        { label: 'sports', score: 0, method: 'cosine' },
        { label: 'politics', score: 0, method: 'cosine' },
      ],
    });
  });

  it('refuses a label listed twice', async () => {
    await expect(textContentClassify.run({ text: 'x', labels: ['a', { name: 'a' }] })).rejects.toMatchObject({
      code: 'invalid_request',
      details: [{ path: 'inputs.labels[1]', message: 'repeats an earlier label' }],
    });
  });
});
