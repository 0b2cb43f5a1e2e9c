import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchBrowser, openPage, screenshot, type ConsoleBrowser } from '../testing/browser.js';
import { startConsoleServer, type ConsoleServer } from '../testing/console-server.js';

// This file stops and restarts its server under the open page: it manages the server itself.
let server: ConsoleServer;
let browser: ConsoleBrowser;

beforeAll(async () => {
  server = await startConsoleServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 180_000);

describe('when the server goes away', () => {
  it('says the stream was cut mid-run, keeps what it saw, and recovers when the server is back on the same address', async () => {
    const { page, watch } = await openPage(browser, server.url);
    await page.goto(`${server.url}/console/#/skills/test.slow-steps`);
    await page.getByLabel(/^seconds/).fill('3');
    await page.getByRole('button', { name: 'Run and watch' }).click();
    await page.locator('[data-testid="live-run"] g.node[data-step="one"][data-status="running"]').waitFor({ timeout: 30_000 });
    const port = server.port;
    await server.stop();
    const cut = page.locator('[data-outcome="cut"]');
    await cut.waitFor({ timeout: 30_000 });
    expect(await cut.textContent()).toMatch(/^The stream was cut after \d+ events .*the run's outcome is unknown/);
    // The graph and the log stay on the page: never a blank screen.
    expect(await page.locator('[data-testid="live-run"] g.node').count()).toBe(4);
    expect(Number(await page.getByTestId('event-count').textContent())).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'stream-cut');
    server = await startConsoleServer({ port });
    await page.getByLabel(/^seconds/).fill('0.1');
    await page.getByRole('button', { name: 'Run and watch' }).click();
    await page.locator('[data-testid="live-run"] [data-outcome="completed"]').waitFor({ timeout: 60_000 });
    expect(watch.cspViolations).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
    await page.close();
  }, 180_000);

  it('shows the server as unreachable while it restarts under the open page, then reloads its data', async () => {
    const { page, watch } = await openPage(browser, server.url);
    await page.goto(`${server.url}/console/#/skills`);
    await page.locator('tbody tr[data-skill]').first().waitFor({ timeout: 30_000 });
    const port = server.port;
    await server.stop();
    // The next call fails: open another page of the console (a hash route, no page load).
    await page.getByRole('link', { name: 'Diagnostics' }).click();
    const banner = page.locator('[data-alert="unreachable"]');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toMatch(/^The server cannot be reached .*Retrying…$/);
    await page.getByRole('alert').filter({ hasText: 'Diagnostics could not be loaded: The server could not be reached' }).waitFor();
    await screenshot(page, 'server-unreachable');
    server = await startConsoleServer({ port });
    // Back: the banner goes and the page loads its data without a reload.
    await page.getByRole('heading', { name: 'Providers' }).waitFor({ timeout: 30_000 });
    expect(await banner.count()).toBe(0);
    expect(watch.pageErrors).toEqual([]);
    await page.close();
  }, 180_000);
});
