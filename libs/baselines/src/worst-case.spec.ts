import { describe, expect, it, jest } from '@jest/globals';
import { isServiceError } from '@skill-service/contracts';
import type { BuiltinCapability } from './builtin-capability.js';
import { BUILTIN_CAPABILITIES } from './builtin-capabilities.js';

// The largest or most adversarial inputs each capability accepts still answer in seconds: the
// limits are set where the libraries' costs stay bounded (they share the server's event loop).
// The bound is a ceiling against super-linear blow-ups (minutes), loose enough for a loaded CI
// machine; the typical figures are in tools/bench.
jest.setTimeout(180_000);

const capability = (id: string): BuiltinCapability => BUILTIN_CAPABILITIES.find((entry) => entry.id === id) as BuiltinCapability;
const SENTENCE = 'The agency approved a new mission to study the icy moons of Jupiter in 2031. ';
const MEGABYTE_TEXT = SENTENCE.repeat(Math.floor(990_000 / SENTENCE.length));
const ROWS = Array.from({ length: 45_000 }, (_, index) => ({ group: `g${index % 100}`, value: index }));

const CASES: [string, string, unknown][] = [
  ['summary of 1 MB', 'text.content.summarize', { text: MEGABYTE_TEXT }],
  ['condensing 1 MB', 'text.content.condense', { text: MEGABYTE_TEXT }],
  ['key phrases of 1 MB', 'text.keyword.extract', { text: MEGABYTE_TEXT }],
  ['n-grams of 1 MB of Chinese', 'text.ngram.extract', { text: '语言检测是自然语言处理的基础任务。'.repeat(55_000) }],
  ['1 MB in 50-character chunks', 'text.content.chunk', { text: MEGABYTE_TEXT, max_chars: 50 }],
  ['classifying 1 MB', 'text.content.classify', { text: MEGABYTE_TEXT, labels: ['space', 'finance', 'sport'] }],
  ['comparing two 1 MB texts', 'text.content.compare', { a: MEGABYTE_TEXT, b: MEGABYTE_TEXT.slice(1_000) }],
  ['entities of 50,000 characters', 'text.entity.extract', { text: MEGABYTE_TEXT.slice(0, 50_000) }],
  ['a 2,000-expression template', 'text.template.render', { template: '{{#each a}}{{this}}{{/each}}'.repeat(666), data: { a: Array.from({ length: 20 }, () => 'x'.repeat(50)) } }],
  ['1 MB of JSON', 'data.json.parse', { text: JSON.stringify(Array.from({ length: 80_000 }, (_, index) => ({ index }))) }],
  ['50,000 CSV rows', 'data.csv.parse', { text: `a,b,c\n${'1,"x, y",3\n'.repeat(49_000)}` }],
  ['the largest schema × data allowed', 'data.schema.validate', { data: Array.from({ length: 300 }, () => [1, 2, 3]), schema: { type: 'array', items: { anyOf: Array.from({ length: 500 }, (_, index) => ({ items: { const: index } })) } } }],
  ['sorting 45,000 rows', 'table.rows.sort', { rows: ROWS, by: [{ field: 'group' }, { field: 'value', order: 'desc' }] }],
  ['aggregating 45,000 rows', 'table.rows.aggregate', { rows: ROWS, group_by: ['group'], metrics: [{ op: 'count_distinct', field: 'value' }] }],
  ['20,000 nested elements to text', 'web.page.extract', { html: '<div>'.repeat(19_999) }],
  ['20,000 nested elements for links', 'web.link.extract', { html: `${'<div>'.repeat(19_998)}<a href="/x">x</a>` }],
  ['half a megabyte of "1 2 1 2"', 'security.pii.detect', { text: '1 2 '.repeat(124_000) }],
  ['half a megabyte of "12-12-12"', 'security.pii.redact', { text: '12-'.repeat(160_000) }],
  ['half a megabyte of "a@"', 'security.pii.gate', { text: 'a@'.repeat(249_000) }],
  ['a 10,000-line diff with 500 edits', 'code.diff.summarize', { before: Array.from({ length: 9_999 }, (_, index) => `a${index}`).join('\n'), after: Array.from({ length: 9_999 }, (_, index) => `${index % 20 === 0 ? 'b' : 'a'}${index}`).join('\n') }],
  ['ranking 10,000 options', 'decision.option.rank', { options: Array.from({ length: 10_000 }, (_, index) => ({ id: `o${index}`, a: index % 7, b: index % 13 })), criteria: [{ field: 'a' }, { field: 'b', goal: 'min' }] }],
];

describe('worst cases answer in seconds', () => {
  it.each(CASES)('%s (%s)', async (_case, id, input) => {
    const started = Date.now();
    try {
      await capability(id).run(input);
    } catch (error) {
      // A typed refusal is a fine answer too; anything else is a bug.
      if (!isServiceError(error) || error.code !== 'invalid_request') throw error;
    }
    // Seconds on a quiet machine; the bound leaves room for a heavily loaded one and still stops the
    // quadratic or exponential behaviour these inputs were chosen to provoke (minutes to hours).
    expect(Date.now() - started).toBeLessThan(90_000);
  });
});
