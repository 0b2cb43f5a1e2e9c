import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { webPageExtract } from './web-page-extract.js';

describe('web.page.extract', () => {
  it('gives the readable text: entities decoded, scripts, styles, forms and media dropped, blocks on their own lines', async () => {
    const html = `<!doctype html><html lang="fr"><head><title>Caf&eacute; &amp; Bar</title><style>p{color:red}</style>
      <script>var x = "<p>not text</p>";</script></head><body><h1>Horaires d&rsquo;&eacute;t&eacute;</h1>
      <p>Lun&ndash;Ven&nbsp;: 8h&ndash;18h <a href="/menu">voir le menu</a></p><noscript>Enable JS</noscript>
      <img src="x.png" alt="photo"><ul><li>Sam&nbsp;: 9h&ndash;14h</li><li>Dim&nbsp;: ferm&eacute;</li></ul>
      <form><input name="q"><button>Go</button></form></body></html>`;
    expect(await runChecked(webPageExtract, { html })).toEqual({
      text: 'Horaires d’été\n\nLun–Ven : 8h–18h voir le menu\n\n * Sam : 9h–14h\n * Dim : fermé',
      title: 'Café & Bar',
      word_count: 14,
    });
  });

  it('lays out tables and copes with fragments without a title', async () => {
    const output = await runChecked(webPageExtract, { html: '<table><tr><th>Day</th><th>Hours</th></tr><tr><td>Mon</td><td>8-18</td></tr></table>' });
    expect(output['title']).toBeNull();
    expect((output['text'] as string).split('\n').map((line) => line.trim().split(/\s+/))).toEqual([
      ['Day', 'Hours'],
      ['Mon', '8-18'],
    ]);
  });

  it('reads broken markup the way browsers do, and plain text as text', async () => {
    expect((await runChecked(webPageExtract, { html: '<p>unclosed <b>bold <i>both</p><p>next' }))['text']).toBe('unclosed bold both\n\nnext');
    expect(await runChecked(webPageExtract, { html: 'just text, no tags' })).toEqual({ text: 'just text, no tags', title: null, word_count: 4 });
    expect(await runChecked(webPageExtract, { html: '' })).toEqual({ text: '', title: null, word_count: 0 });
  });

  it('refuses documents with more than 20,000 elements before parsing them', async () => {
    await expect(webPageExtract.run({ html: '<div>'.repeat(20_001) })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Invalid input: inputs.html has more than 20000 elements',
    });
  });
});
