import { describe, expect, it, jest } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { textTemplateRender } from './text-template-render.js';

// A ceiling against super-linear rendering (minutes), loose enough for a loaded CI machine.
const CEILING_MS = 10_000;
jest.setTimeout(30_000);

describe('text.template.render', () => {
  it('renders values, conditions, loops with @last and lookups', async () => {
    const output = await runChecked(textTemplateRender, {
      template: 'Hello {{customer.name}}, order #{{order.id}} ships {{#if express}}tomorrow{{else}}later{{/if}}:{{#each order.items}} {{qty}}× {{name}}{{#unless @last}},{{/unless}}{{/each}}. {{lookup labels order.status}}',
      data: { customer: { name: 'Ana' }, express: true, labels: { paid: 'Paid.' }, order: { id: 1042, status: 'paid', items: [{ name: 'notebook', qty: 2 }, { name: 'pen', qty: 5 }] } },
    });
    expect(output).toEqual({ text: 'Hello Ana, order #1042 ships tomorrow: 2× notebook, 5× pen. Paid.', chars: 65 });
  });

  it('renders missing values as empty, and escapes HTML only when asked', async () => {
    expect((await runChecked(textTemplateRender, { template: '[{{missing.deep.value}}] {{tag}}', data: { tag: '<b>' } }))['text']).toBe('[] <b>');
    expect((await runChecked(textTemplateRender, { template: '{{tag}} {{{tag}}} {{#each list}}{{this}}{{/each}}', data: { tag: '<b>&', list: ['"'] }, escape_html: true }))['text']).toBe(
      '&lt;b&gt;&amp; &lt;b&gt;&amp; &quot;',
    );
    expect((await runChecked(textTemplateRender, { template: 'No data.' }))['text']).toBe('No data.');
  });

  it.each([
    '{{constructor.constructor}}',
    '{{__proto__}}',
    '{{#with __proto__}}{{constructor}}{{/with}}',
    '{{lookup this "constructor"}}',
    '{{lookup (lookup this "constructor") "constructor"}}',
    '{{@root.constructor.name}}',
    '{{toString}}{{valueOf}}{{hasOwnProperty}}',
  ])('never reaches the prototype chain: %s renders empty', async (template) => {
    expect(await runChecked(textTemplateRender, { template, data: { a: 1 } })).toEqual({ text: '', chars: 0 });
  });

  it.each([
    ['partials', '{{> secrets}}'],
    ['inline partials', '{{#*inline "p"}}x{{/inline}}{{> p}}'],
    ['unknown helpers', '{{shout name}}'],
    ['syntax errors', 'Hello {{name'],
    ['deep block nesting', `${'{{#if a}}'.repeat(65)}x${'{{/if}}'.repeat(65)}`],
    ['too many expressions', '{{a}}'.repeat(2_001)],
  ])('refuses %s with invalid_request', async (_kind, template) => {
    await expect(textTemplateRender.run({ template, data: { a: 1, name: 'x' } })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('stops nested loops that would render more than the output cap, quickly', async () => {
    const started = Date.now();
    const template = '{{#each a}}{{#each ../a}}{{#each ../../a}}{{#each ../../../a}}xxxxxxxxxxxxxxxxxxxx{{/each}}{{/each}}{{/each}}{{/each}}';
    await expect(textTemplateRender.run({ template, data: { a: Array.from({ length: 200 }, (_, index) => index) } })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Invalid input: inputs.template renders more than 1000000 characters',
    });
    expect(Date.now() - started).toBeLessThan(CEILING_MS);
  });

  it('answers many references to a large value quickly, escaped or not', async () => {
    const template = '{{big}}'.repeat(1_999);
    for (const escape_html of [false, true]) {
      const started = Date.now();
      await expect(textTemplateRender.run({ template, data: { big: '<'.repeat(1_000_000) }, escape_html })).rejects.toMatchObject({ code: 'invalid_request' });
      expect(Date.now() - started).toBeLessThan(CEILING_MS);
    }
  });

  it('reads a long run of braces once', async () => {
    const started = Date.now();
    await textTemplateRender.run({ template: '{'.repeat(99_000) }).catch(() => undefined);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not print through the log helper', async () => {
    expect((await runChecked(textTemplateRender, { template: 'a{{log "hidden"}}b' }))['text']).toBe('ab');
  });
});
