import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { webLinkExtract } from './web-link-extract.js';

const PAGE = `<p><a href="/menu">Our <b>menu</b></a> ·
  <a href="https://maps.example.org/cafe?x=1&amp;y=2" rel="nofollow">Map &amp; directions</a> ·
  <a href="javascript:alert(1)">Share</a> · <a href="#top">Top</a> · <a href="mailto:hi@cafe.example.com">Mail</a>
  <a href="/menu">Menu again</a> <a href="data:text/html,x">Data</a> <a>no href</a>
  <map><area href="terrace.html" alt="Terrace"></map></p>`;

describe('web.link.extract', () => {
  it('resolves links against the page URL, keeps the first text of a repeated link and skips script-like URLs', async () => {
    expect(await runChecked(webLinkExtract, { html: PAGE, base_url: 'https://cafe.example.com/home/' })).toEqual({
      links: [
        { url: 'https://cafe.example.com/menu', text: 'Our menu', rel: null, external: false },
        { url: 'https://maps.example.org/cafe?x=1&y=2', text: 'Map & directions', rel: 'nofollow', external: true },
        { url: 'mailto:hi@cafe.example.com', text: 'Mail', rel: null, external: null },
        { url: 'https://cafe.example.com/home/terrace.html', text: '', rel: null, external: false },
      ],
      count: 4,
      skipped: 3,
    });
  });

  it('uses the page\'s <base> without a base_url, and lists relative links as written without either', async () => {
    const withBase = await runChecked(webLinkExtract, { html: '<base href="https://docs.example.com/v2/"><a href="guide.html">Guide</a>' });
    expect(withBase['links']).toEqual([{ url: 'https://docs.example.com/v2/guide.html', text: 'Guide', rel: null, external: false }]);
    const bare = await runChecked(webLinkExtract, { html: '<a href="guide.html">Guide</a><a href="https://x.example/">X</a>' });
    expect(bare['links']).toEqual([
      { url: 'guide.html', text: 'Guide', rel: null, external: null },
      { url: 'https://x.example/', text: 'X', rel: null, external: null },
    ]);
  });

  it('keeps only links to other hosts when asked', async () => {
    const output = await runChecked(webLinkExtract, { html: PAGE, base_url: 'https://cafe.example.com/', external_only: true });
    expect(output['links']).toEqual([{ url: 'https://maps.example.org/cafe?x=1&y=2', text: 'Map & directions', rel: 'nofollow', external: true }]);
  });

  it('collects link text without recursion, however deep the markup inside the link', async () => {
    const html = `<a href="/deep">${'<span>'.repeat(5_000)}deep text${'</span>'.repeat(5_000)}</a>`;
    expect((await runChecked(webLinkExtract, { html, base_url: 'https://a.example/' }))['links']).toEqual([
      { url: 'https://a.example/deep', text: 'deep text', rel: null, external: false },
    ]);
  });
});
