import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textEntityExtract } from './text-entity-extract.js';

describe('text.entity.extract', () => {
  it('finds people, places, organisations, dates and money with exact offsets', async () => {
    const text = 'Angela Merkel met Emmanuel Macron in Paris on 12 March 2024 to discuss a $4.5 million grant for the European Space Agency.';
    const output = await runChecked(textEntityExtract, { text });
    expect(output).toEqual({
      entities: [
        { type: 'person', text: 'Angela Merkel', start: 0, end: 13 },
        { type: 'person', text: 'Emmanuel Macron', start: 18, end: 33 },
        { type: 'place', text: 'Paris', start: 37, end: 42 },
        { type: 'date', text: '12 March 2024', start: 46, end: 59 },
        { type: 'money', text: '$4.5 million', start: 73, end: 85 },
        { type: 'organization', text: 'European Space Agency', start: 100, end: 121 },
      ],
      people: ['Angela Merkel', 'Emmanuel Macron'],
      places: ['Paris'],
      organizations: ['European Space Agency'],
      dates: ['12 March 2024'],
      money: ['$4.5 million'],
    });
    for (const entity of output['entities'] as { text: string; start: number; end: number }[]) expect(text.slice(entity.start, entity.end)).toBe(entity.text);
  });

  it('trims the punctuation compromise leaves on a mention, and lists a repeated name once', async () => {
    const output = await runChecked(textEntityExtract, { text: 'Mark Rutte flew to Berlin. In Berlin, Mark Rutte met Olaf Scholz on Friday.' });
    expect(output).toMatchObject({ people: ['Mark Rutte', 'Olaf Scholz'], places: ['Berlin'], dates: ['Friday'] });
    expect((output['entities'] as unknown[]).length).toBe(6);
  });

  it('finds nothing in an empty text and refuses texts over 50,000 characters', async () => {
    expect(await runChecked(textEntityExtract, { text: '' })).toEqual({ entities: [], people: [], places: [], organizations: [], dates: [], money: [] });
    await expect(textEntityExtract.run({ text: 'a'.repeat(50_001) })).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
