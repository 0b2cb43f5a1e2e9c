import { defineCapability } from '../../define-capability.js';
import { integer, list, object, text } from '../../json-schema.js';
import { splitSentences, type Sentence } from '../../nlp/split-sentences.js';

interface Input {
  text: string;
  max_chars?: number;
  overlap_sentences?: number;
}

interface Chunk {
  index: number;
  text: string;
  start: number;
  end: number;
}

/** Splits a sentence longer than the limit at whitespace (or hard, when a word is longer still). */
function pieces(source: string, sentence: Sentence, limit: number): Sentence[] {
  if (sentence.end - sentence.start <= limit) return [sentence];
  const parts: Sentence[] = [];
  let start = sentence.start;
  while (start < sentence.end) {
    let end = Math.min(sentence.end, start + limit);
    if (end < sentence.end) {
      const space = source.lastIndexOf(' ', end);
      if (space > start) end = space;
    }
    const part = source.slice(start, end).trim();
    if (part !== '') parts.push({ text: part, start, end });
    start = end;
    while (start < sentence.end && /\s/.test(source.charAt(start))) start++;
  }
  return parts;
}

export const textContentChunk = defineCapability<Input>({
  id: 'text.content.chunk',
  description:
    'Splits a document into chunks of whole sentences, each at most max_chars long (longer sentences are split at spaces), optionally repeating the last sentences of a chunk at the start of the next.',
  inputSchema: object(
    {
      text: text('The document.'),
      max_chars: integer('Longest chunk, in characters.', { minimum: 50, maximum: 100_000, default: 1000 }),
      overlap_sentences: integer('Sentences of a chunk repeated at the start of the next.', { minimum: 0, maximum: 5, default: 0 }),
    },
    ['text'],
  ),
  outputSchema: object(
    {
      chunks: list(
        object(
          { index: integer('Position, from 0.'), text: text('The chunk, as in the document.'), start: integer('Offset of its first character.'), end: integer('Offset after its last character.') },
          ['index', 'text', 'start', 'end'],
        ),
        'The chunks in order.',
      ),
      count: integer('Number of chunks.'),
    },
    ['chunks', 'count'],
  ),
  compute(input) {
    const limit = input.max_chars ?? 1000;
    const overlap = input.overlap_sentences ?? 0;
    const units = splitSentences(input.text).flatMap((sentence) => pieces(input.text, sentence, limit));
    const chunks: Chunk[] = [];
    let first = 0;
    while (first < units.length) {
      let last = first;
      const start = units[first]?.start ?? 0;
      while (last + 1 < units.length && (units[last + 1]?.end ?? 0) - start <= limit) last++;
      const end = units[last]?.end ?? start;
      chunks.push({ index: chunks.length, text: input.text.slice(start, end), start, end });
      if (last + 1 >= units.length) break;
      // Overlap only as far as it fits and still leaves room to move on by one sentence.
      let next = Math.max(first + 1, last + 1 - overlap);
      while (next <= last && (units[last + 1]?.end ?? 0) - (units[next]?.start ?? 0) > limit) next++;
      first = next;
    }
    return { chunks, count: chunks.length };
  },
});
