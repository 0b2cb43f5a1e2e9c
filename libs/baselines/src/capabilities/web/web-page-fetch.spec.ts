import { describe, expect, it, jest } from '@jest/globals';
import { InvalidConfigurationError, UpstreamFailureError } from '@skill-service/contracts';
import type { PageFetcher } from '../../page-fetcher.js';
import { runChecked } from '../../testing/run-checked.js';
import { webPageFetch } from './web-page-fetch.js';

describe('web.page.fetch', () => {
  it('fetches through the port with the limits and signal of the call', async () => {
    const fetchPage = jest.fn<PageFetcher>().mockResolvedValue({ status: 200, url: 'https://example.com/final', contentType: 'text/html; charset=utf-8', body: '<p>hi</p>' });
    const signal = new AbortController().signal;
    expect(await runChecked(webPageFetch, { url: 'https://example.com/start', timeout_seconds: 5, max_bytes: 1000 }, { fetchPage, signal })).toEqual({
      status: 200,
      ok: true,
      url: 'https://example.com/final',
      content_type: 'text/html; charset=utf-8',
      body: '<p>hi</p>',
    });
    expect(fetchPage).toHaveBeenCalledWith('https://example.com/start', { signal, timeoutMs: 5000, maxBytes: 1000 });
  });

  it('reports a non-2xx status as not ok, with its body', async () => {
    const fetchPage: PageFetcher = () => Promise.resolve({ status: 404, url: 'https://example.com/x', contentType: '', body: 'missing' });
    expect(await runChecked(webPageFetch, { url: 'https://example.com/x' }, { fetchPage })).toMatchObject({ status: 404, ok: false, body: 'missing' });
  });

  it('needs a page fetcher: invalid_configuration without one', async () => {
    await expect(webPageFetch.run({ url: 'https://example.com/' })).rejects.toBeInstanceOf(InvalidConfigurationError);
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'not a url', 'javascript:alert(1)'])('refuses %s before fetching', async (url) => {
    const fetchPage = jest.fn<PageFetcher>();
    await expect(webPageFetch.run({ url }, { fetchPage })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('passes the fetcher\'s own errors through (a guard refusal, an upstream failure)', async () => {
    const refused: PageFetcher = () => Promise.reject(new InvalidConfigurationError('Page fetch to 127.0.0.1 blocked'));
    await expect(webPageFetch.run({ url: 'http://127.0.0.1/' }, { fetchPage: refused })).rejects.toMatchObject({ code: 'invalid_configuration' });
    const down: PageFetcher = () => Promise.reject(new UpstreamFailureError('Upstream example.com could not be reached'));
    await expect(webPageFetch.run({ url: 'https://example.com/' }, { fetchPage: down })).rejects.toMatchObject({ code: 'upstream_failure' });
  });
});
