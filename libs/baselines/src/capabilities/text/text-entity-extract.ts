import type nlp from 'compromise';
import { defineCapability } from '../../define-capability.js';
import { integer, list, object, text } from '../../json-schema.js';
import { onFirstUse } from '../../lazy-module.js';

interface Input {
  text: string;
}

type EntityType = 'person' | 'place' | 'organization' | 'date' | 'money';

interface Entity {
  type: EntityType;
  text: string;
  start: number;
  end: number;
}

// compromise parses roughly 40 kB per second: larger texts are refused rather than left to stall
// the server (chunk them with text.content.chunk and extract per chunk).
const MAX_CHARS = 50_000;
// « » “ ” ‘ ’ escaped: the server bundle stays pure ASCII, which V8 stores at one byte per character.
const EDGE = /[\s.,;:!?"'()[\]{}\u00AB\u00BB\u201C\u201D\u2018\u2019]/u;
// compromise leaves the multiplier out of an amount ("$4.5" of "$4.5 million").
const MULTIPLIER = /^\s+(?:thousand|million|billion|trillion)\b/i;
// compromise builds its lexicon when first imported (~0.3 s, ~5 MB): loaded on the first call, not at startup.
const loadCompromise = onFirstUse(async (): Promise<typeof nlp> => (await import('compromise')).default);

type Doc = ReturnType<typeof nlp>;
interface Found {
  json(options: { offset: boolean }): unknown;
}
const FINDERS: readonly [EntityType, (doc: Doc) => Found][] = [
  ['person', (doc) => doc.people()],
  ['place', (doc) => doc.places()],
  ['organization', (doc) => doc.organizations()],
  ['date', (doc) => doc.match('#Date+')],
  ['money', (doc) => doc.money()],
];

/** compromise's offsets include neighbouring punctuation ("New York."): trim it off. */
function trimmed(source: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  let to = end;
  while (from < to && EDGE.test(source.charAt(from))) from++;
  while (to > from && EDGE.test(source.charAt(to - 1))) to--;
  return { start: from, end: to };
}

export const textEntityExtract = defineCapability<Input>({
  id: 'text.entity.extract',
  description:
    'Named entities of an English text with compromise: people, places, organisations, dates and amounts of money, each with its character offsets, plus the distinct names per type.',
  inputSchema: object({ text: text('English text, at most 50,000 characters.', { maxLength: MAX_CHARS }) }, ['text']),
  outputSchema: object(
    {
      entities: list(
        object(
          {
            type: text('person, place, organization, date or money.', { enum: ['person', 'place', 'organization', 'date', 'money'] }),
            text: text('The entity as written.'),
            start: integer('Offset of its first character (UTF-16).'),
            end: integer('Offset after its last character.'),
          },
          ['type', 'text', 'start', 'end'],
        ),
        'Every mention, in text order.',
      ),
      people: list(text('A name.'), 'Distinct people.'),
      places: list(text('A name.'), 'Distinct places.'),
      organizations: list(text('A name.'), 'Distinct organisations.'),
      dates: list(text('A date expression.'), 'Distinct dates.'),
      money: list(text('An amount.'), 'Distinct amounts.'),
    },
    ['entities', 'people', 'places', 'organizations', 'dates', 'money'],
  ),
  async compute(input) {
    const doc = (await loadCompromise())(input.text);
    const entities: Entity[] = [];
    const seen = new Set<string>();
    for (const [type, find] of FINDERS) {
      for (const match of find(doc).json({ offset: true }) as { offset: { start: number; length: number } }[]) {
        const span = trimmed(input.text, match.offset.start, match.offset.start + match.offset.length);
        const { start } = span;
        const multiplier = type === 'money' ? MULTIPLIER.exec(input.text.slice(span.end, span.end + 16)) : null;
        const end = span.end + (multiplier?.[0].length ?? 0);
        const key = `${start}:${end}`;
        // One span, one type: the first finder to claim it (people before places…) keeps it.
        if (end <= start || seen.has(key)) continue;
        seen.add(key);
        entities.push({ type, text: input.text.slice(start, end), start, end });
      }
    }
    entities.sort((a, b) => a.start - b.start || a.end - b.end);
    const distinct = (type: EntityType): string[] => [...new Set(entities.filter((entity) => entity.type === type).map((entity) => entity.text))];
    return {
      entities,
      people: distinct('person'),
      places: distinct('place'),
      organizations: distinct('organization'),
      dates: distinct('date'),
      money: distinct('money'),
    };
  },
});
