import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textContentChunk } from './text-content-chunk.js';

const TEXT = 'Alpha beta gamma delta. Epsilon zeta eta theta. Iota kappa lambda mu. Nu xi omicron pi.';

describe('text.content.chunk', () => {
  it('packs whole sentences up to the size limit, with offsets into the document', async () => {
    const output = await runChecked(textContentChunk, { text: TEXT, max_chars: 50 });
    expect(output).toEqual({
      chunks: [
        { index: 0, text: 'Alpha beta gamma delta. Epsilon zeta eta theta.', start: 0, end: 47 },
        { index: 1, text: 'Iota kappa lambda mu. Nu xi omicron pi.', start: 48, end: 87 },
      ],
      count: 2,
    });
    for (const chunk of output['chunks'] as { text: string; start: number; end: number }[]) expect(TEXT.slice(chunk.start, chunk.end)).toBe(chunk.text);
  });

  it('repeats the last sentences of a chunk at the start of the next when asked', async () => {
    const output = await runChecked(textContentChunk, { text: TEXT, max_chars: 50, overlap_sentences: 1 });
    expect((output['chunks'] as { text: string }[]).map((chunk) => chunk.text)).toEqual([
      'Alpha beta gamma delta. Epsilon zeta eta theta.',
      'Epsilon zeta eta theta. Iota kappa lambda mu.',
      'Iota kappa lambda mu. Nu xi omicron pi.',
    ]);
  });

  it('splits a sentence longer than the limit at spaces', async () => {
    const long = 'word '.repeat(30).trim() + '.';
    const chunks = (await runChecked(textContentChunk, { text: long, max_chars: 50 }))['chunks'] as { text: string }[];
    expect(chunks.length).toBe(3);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(50);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(long);
  });

  it('gives no chunk for an empty document', async () => {
    expect(await runChecked(textContentChunk, { text: '' })).toEqual({ chunks: [], count: 0 });
  });
});
