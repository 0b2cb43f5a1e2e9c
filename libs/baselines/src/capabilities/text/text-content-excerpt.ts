import { defineCapability } from '../../define-capability.js';
import { boolean, integer, object, text } from '../../json-schema.js';
import { joinSentences } from '../../nlp/join-sentences.js';
import { splitSentences } from '../../nlp/split-sentences.js';

interface Input {
  text: string;
  max_chars?: number;
}

/** Cuts at the last space before the limit (or at the limit), then adds an ellipsis. */
function cutAtWord(sentence: string, limit: number): string {
  const head = sentence.slice(0, limit - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > limit / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

export const textContentExcerpt = defineCapability<Input>({
  id: 'text.content.excerpt',
  description:
    'A display excerpt (teaser) of a text: its leading whole sentences up to max_chars, or the first sentence cut at a word boundary with an ellipsis when even that is longer.',
  inputSchema: object(
    {
      text: text('The text to excerpt.'),
      max_chars: integer('Longest excerpt, in characters.', { minimum: 20, maximum: 10_000, default: 200 }),
    },
    ['text'],
  ),
  outputSchema: object({ excerpt: text('The excerpt.'), truncated: boolean('Whether text was left out.') }, ['excerpt', 'truncated']),
  compute(input) {
    const limit = input.max_chars ?? 200;
    const sentences = splitSentences(input.text);
    let excerpt = '';
    let used = 0;
    for (const sentence of sentences) {
      const next = joinSentences(excerpt === '' ? [sentence.text] : [excerpt, sentence.text]);
      if (next.length > limit) break;
      excerpt = next;
      used += 1;
    }
    const first = sentences[0];
    if (excerpt === '' && first !== undefined) return { excerpt: cutAtWord(first.text, limit), truncated: true };
    return { excerpt, truncated: used < sentences.length };
  },
});
