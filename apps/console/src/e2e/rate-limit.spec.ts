import { describe, expect, it } from '@jest/globals';
import { consoleSuite, expectClean } from '../testing/console-suite.js';

// A limit low enough that loading a few pages reaches it.
const suite = consoleSuite({ args: ['--api-key', 'the-key', '--rate-limit-requests', '8', '--rate-limit-window-seconds', '60'] });

describe('rate limits', () => {
  it('shows a 429 plainly, with when to retry, and keeps the page', async () => {
    const { page, watch } = await suite.open('#/skills');
    await page.getByLabel('API key or JWT').fill('the-key');
    await page.getByRole('button', { name: 'Use', exact: true }).click();
    const banner = page.locator('[data-alert="rate-limited"]');
    for (const hash of ['#/diagnostics', '#/webhooks', '#/runs', '#/skills', '#/diagnostics', '#/webhooks', '#/runs']) {
      if ((await banner.count()) > 0) break;
      await page.goto(`${suite.server.url}/console/${hash}`);
      await page.waitForTimeout(300);
    }
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/^Rate limited \(429 rate_limited\): .+ Retry in \d+ s\.$/);
    expect(await page.locator('main h1').count()).toBe(1);
    expectClean(watch);
    await page.close();
  }, 180_000);
});
