import { createHash } from 'node:crypto';
import { defineCapability } from '../../define-capability.js';
import { boolean, integer, name, object, text } from '../../json-schema.js';
import { foldTerm } from '../../nlp/fold-term.js';
import { countWords, wordTokens } from '../../nlp/word-tokens.js';

interface Input {
  text: string;
  channel: string;
  title?: string;
}

/** URL slug from the title (or the text's first words): ASCII-folded, hyphenated, at most 8 words. */
function slugOf(source: string): string {
  const words = wordTokens(source)
    .map((token) => foldTerm(token.text).replace(/[^a-z0-9]+/g, ''))
    .filter((word) => word !== '')
    .slice(0, 8);
  return words.length === 0 ? 'untitled' : words.join('-');
}

/**
 * The deployment-facing "publish" step. In this built-in implementation it is deterministic and
 * free of side effects: it prepares the publication record (slug, content digest, word count)
 * and sends nothing anywhere. Its contract still requires confirmation, because an operator may
 * bind the same capability to a provider that really publishes.
 */
export const textContentPublish = defineCapability<Input>({
  id: 'text.content.publish',
  description:
    'Prepares a text for publication on a channel: slug, SHA-256 content digest and word count. The built-in version sends nothing (deterministic, no side effects); the contract requires confirmation because other bindings may really publish.',
  inputSchema: object(
    {
      text: text('The text to publish.', { minLength: 1 }),
      channel: name('Where it would be published (e.g. blog, newsletter).'),
      title: text('Title, used for the slug.', { maxLength: 1000 }),
    },
    ['text', 'channel'],
  ),
  outputSchema: object(
    {
      published: boolean('Always true: the record was prepared.'),
      channel: name('The channel.'),
      slug: name('URL slug.'),
      digest: name('sha256:<hex> of the text.'),
      word_count: integer('Words in the text.'),
    },
    ['published', 'channel', 'slug', 'digest', 'word_count'],
  ),
  compute(input) {
    return {
      published: true,
      channel: input.channel,
      slug: slugOf(input.title ?? input.text),
      digest: `sha256:${createHash('sha256').update(input.text, 'utf8').digest('hex')}`,
      word_count: countWords(input.text),
    };
  },
});
