import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect, isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { readYamlSubset } from './fast-yaml-subset.js';

/** What the yaml package makes of `text`, as the loader calls it; undefined on any error. */
function viaYamlPackage(text: string): { value: unknown } | undefined {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) return undefined;
  try {
    return { value: document.toJS({ maxAliasCount: 100 }) };
  } catch {
    return undefined;
  }
}

/** The contract of the fast path: it may decline, but when it answers it agrees with `yaml`. */
function expectAgreement(text: string): boolean {
  const fast = readYamlSubset(text);
  if (fast === undefined) return false;
  const reference = viaYamlPackage(text);
  if (reference === undefined) throw new Error(`fast path accepted a document yaml rejects:\n${text}`);
  // node's strict equality: prototypes, -0 vs 0 and NaN, and no special meaning for a `constructor` key.
  if (!isDeepStrictEqual(fast.value, reference.value)) {
    throw new Error(`fast path read ${inspect(fast.value)} where yaml reads ${inspect(reference.value)}:\n${text}`);
  }
  return true;
}

// Strings chosen to hit YAML's corners: core-schema look-alikes, indicators, comments, quotes.
const TRICKY = [
  'on', 'off', 'yes', 'no', 'y', 'true', 'True', 'TRUE', 'false', 'null', 'Null', '~', '', ' ', '0', '-0', '+1', '007', '0o17',
  '0x1F', '0xg', '1e3', '1E-2', '.5', '1.', '1.50', '.inf', '-.Inf', '.nan', '1_000', 'a b', ' lead', 'trail ', 'a: b', 'a:b',
  'a:', ':a', '-a', '- a', '-', '?a', '? a', 'a #b', 'a#b', '#a', '[x]', '{y}', 'a,b', 'a, b', '&a', '*a', '!t', '|', '>', '%x',
  '@x', '`x', "it's", 'say "hi"', '\\', 'back\\slash', 'é', '日本', 'http://x.test/a', '${ENV_VAR}', 'vars.x', '<<', '__proto__',
  'a\tb', 'line\nbreak', '---', '...', 'x ---', 'constructor',
];

const scalarArb = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: false, noDefaultInfinity: false }),
  fc.boolean(),
  fc.constant(null),
);
const keyArb = fc.oneof(fc.constantFrom(...TRICKY), fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,8}$/));

type Tree = unknown;
const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArb,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(keyArb, tie('node'), { maxKeys: 4 }),
  ),
})).node;

type Style = 'plain' | 'double' | 'single';
interface RenderChoices {
  readonly style: () => Style;
  readonly flow: () => boolean;
  readonly comment: () => boolean;
  readonly compact: () => boolean;
}

function scalarText(value: unknown, style: Style): string {
  if (typeof value !== 'string') return String(value);
  if (style === 'double') return JSON.stringify(value);
  if (style === 'single') return `'${value.replaceAll("'", "''")}'`;
  return value;
}

function flowText(value: unknown, choices: RenderChoices): string {
  if (Array.isArray(value)) return `[${value.map((item) => flowText(item, choices)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${scalarText(key, 'plain')}: ${flowText(item, choices)}`)
      .join(', ')}}`;
  }
  return scalarText(value, choices.style());
}

/** Renders a tree as block YAML with random styles; tricky strings may well make it invalid. */
function render(value: unknown, indent: number, choices: RenderChoices): string[] {
  const pad = ' '.repeat(indent);
  const comment = (): string => (choices.comment() ? ' # note' : '');
  const inline = (item: unknown): string | undefined => {
    if (typeof item !== 'object' || item === null) return scalarText(item, choices.style());
    if ((Array.isArray(item) ? item.length : Object.keys(item).length) === 0 || choices.flow()) return flowText(item, choices);
    return undefined;
  };
  const lines: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = inline(item);
      if (text !== undefined) lines.push(`${pad}- ${text}${comment()}`);
      else {
        const nested = render(item, indent + 2, choices);
        const [first = '', ...rest] = nested;
        lines.push(`${pad}- ${first.trimStart()}`, ...rest);
      }
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const text = inline(item);
      if (text !== undefined) lines.push(`${pad}${key}: ${text}${comment()}`);
      else {
        lines.push(`${pad}${key}:${comment()}`);
        lines.push(...render(item, Array.isArray(item) && choices.compact() ? indent : indent + 2, choices));
      }
    }
  } else {
    lines.push(`${pad}${scalarText(value, choices.style())}`);
  }
  return lines;
}

const choicesArb = fc.record({
  styles: fc.array(fc.constantFrom<Style>('plain', 'double', 'single'), { minLength: 1, maxLength: 8 }),
  bits: fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }),
});

function choicesFrom({ styles, bits }: { styles: Style[]; bits: boolean[] }): RenderChoices {
  let s = 0;
  let b = 0;
  const bit = (): boolean => bits[b++ % bits.length] ?? false;
  return { style: () => styles[s++ % styles.length] ?? 'plain', flow: bit, comment: bit, compact: bit };
}

function fixtureTexts(): string[] {
  const root = join(import.meta.dirname, '..', 'test-fixtures');
  const texts: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.yaml')) texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return texts;
}

describe('readYamlSubset', () => {
  it('reads every committed fixture exactly as the yaml package does', () => {
    const texts = fixtureTexts();
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(expectAgreement(text)).toBe(true);
  });

  it('agrees with the yaml package on generated documents whenever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(treeArb, choicesArb, (tree, choices) => {
        const root = typeof tree === 'object' && tree !== null ? tree : { value: tree };
        if (expectAgreement(`${render(root, 0, choicesFrom(choices)).join('\n')}\n`)) answered++;
      }),
      { numRuns: 40000 },
    );
    // The generator is meant to exercise the fast path, not only its refusals.
    expect(answered).toBeGreaterThan(600);
  });

  it('never accepts a corrupted document that the yaml package rejects, nor reads one differently', () => {
    const texts = fixtureTexts();
    const insertions = [':', '-', '#', "'", '"', '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', ' ', '  ', '\n', '\n  ', 'x', '?'];
    fc.assert(
      fc.property(
        fc.constantFrom(...texts),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 }), fc.constantFrom(...insertions)), { minLength: 1, maxLength: 3 }),
        (text, edits) => {
          let mutated = text;
          for (const [where, kind, insertion] of edits) {
            const at = where % (mutated.length + 1);
            if (kind === 0) mutated = mutated.slice(0, at) + insertion + mutated.slice(at);
            else if (kind === 1) mutated = mutated.slice(0, at) + mutated.slice(at + 1);
            else {
              // Duplicate the line at `at` (duplicate keys, repeated items, shifted structure).
              const lines = mutated.split('\n');
              const line = where % lines.length;
              lines.splice(line, 0, lines[line] ?? '');
              mutated = lines.join('\n');
            }
          }
          expectAgreement(mutated);
        },
      ),
      { numRuns: 40000 },
    );
  });

  it.each([
    ['anchors and aliases', 'a: &x 1\nb: *x\n'],
    ['tags', 'a: !!str 1\n'],
    ['block scalars', 'a: |\n  text\n'],
    ['multi-line plain scalars', 'a: one\n  two\n'],
    ['multi-line flow collections', 'a: [1,\n  2]\n'],
    ['document markers', '---\na: 1\n'],
    ['quoted keys', '"a": 1\n'],
    ['non-string keys', '1: one\n'],
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['tabs', 'a:\t1\n'],
    ['CRLF line ends', 'a: 1\r\n'],
    ['a top-level scalar', 'just text\n'],
    ['an indented first line', '  a: 1\n'],
    ['comments only', '# nothing\n'],
  ])('leaves %s to the yaml package', (_name, text) => {
    expect(readYamlSubset(text)).toBeUndefined();
  });

  it('reads the shapes registry files use', () => {
    const text = [
      'id: text.summarize # trailing comment',
      'inputs:',
      '  text: { type: string, required: true, description: Passage to summarise. }',
      'steps:',
      '- id: one',
      '  input: { text: inputs.text, n: 3, ratio: 0.5, flag: no }',
      '  config:',
      '    depends_on: []',
      '    router:',
      '      on: vars.lang',
      "- id: 'two'",
      '  output: {}',
      'token: "${TOKEN}"',
      'empty:',
      'url: http://example.test/a#b',
    ].join('\n');
    expect(readYamlSubset(text)?.value).toStrictEqual({
      id: 'text.summarize',
      inputs: { text: { type: 'string', required: true, description: 'Passage to summarise.' } },
      steps: [
        { id: 'one', input: { text: 'inputs.text', n: 3, ratio: 0.5, flag: 'no' }, config: { depends_on: [], router: { on: 'vars.lang' } } },
        { id: 'two', output: {} },
      ],
      token: '${TOKEN}',
      empty: null,
      url: 'http://example.test/a#b',
    });
    expect(expectAgreement(text)).toBe(true);
  });
});
