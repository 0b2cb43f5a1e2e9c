import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textContentCondense } from './text-content-condense.js';

describe('text.content.condense', () => {
  it('removes the sentence that shares least with the others', async () => {
    const text = 'The library opens at nine. Members can borrow ten books at a time. The library also lends laptops to members. Parking is free on Sundays.';
    expect(await runChecked(textContentCondense, { text })).toEqual({
      text: 'The library opens at nine. Members can borrow ten books at a time. The library also lends laptops to members.',
      removed: 'Parking is free on Sundays.',
      sentence_count: 3,
      word_count: 20,
    });
  });

  it('removes the later of two equally central sentences', async () => {
    const output = await runChecked(textContentCondense, { text: 'Cats sleep. Dogs bark. Birds sing.' });
    expect(output).toMatchObject({ removed: 'Birds sing.', text: 'Cats sleep. Dogs bark.' });
  });

  it('leaves a single sentence alone, so a shrinking loop cannot empty a text', async () => {
    expect(await runChecked(textContentCondense, { text: '  Only this sentence.  ' })).toEqual({ text: 'Only this sentence.', removed: null, sentence_count: 1, word_count: 3 });
    expect(await runChecked(textContentCondense, { text: '' })).toEqual({ text: '', removed: null, sentence_count: 0, word_count: 0 });
  });
});
