import { Lexer, type Tokens } from 'marked';

/** The fenced `yaml` code blocks of a Markdown text, in order (through marked, so fences nest right). */
export function yamlBlocks(markdown: string): string[] {
  return new Lexer({ gfm: true })
    .lex(markdown)
    .filter((token): token is Tokens.Code => token.type === 'code' && /^ya?ml\b/.test((token as Tokens.Code).lang ?? ''))
    .map((token) => token.text);
}

/** A block that is a whole example skill of the docs: an `id: docs.*` line and a `steps:` key. */
export const isExampleSkill = (block: string): boolean => /^id: docs\.[\w.-]+$/m.test(block) && /^steps:/m.test(block);
