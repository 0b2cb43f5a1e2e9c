import { describe, expect, it } from '@jest/globals';
import { sha256Hex, signJwtHs256 } from '@skill-service/auth';
import type { Page } from 'playwright-core';
import { screenshot, seriousViolations } from '../testing/browser.js';
import { consoleSuite, expectClean } from '../testing/console-suite.js';

const KEYS = { reader: 'reader-key-console-1', executor: 'executor-key-console-2', operator: 'operator-key-console-3', admin: 'admin-key-console-4' };
const JWT_SECRET = 'console-spec-jwt-secret-0123456789abcdef';
const suite = consoleSuite({
  args: ['--api-key', KEYS.admin],
  env: {
    SERVICE_RBAC: '1',
    SERVICE_JWT_SECRET: JWT_SECRET,
    SERVICE_JWT_LEEWAY_SECONDS: '0',
    SERVICE_API_KEYS: (['reader', 'executor', 'operator'] as const).map((role) => `${role}-robot:${role}:${sha256Hex(KEYS[role])}`).join(','),
  },
});

const jwt = (claims: Record<string, unknown>): string => signJwtHs256(claims, JWT_SECRET);

async function signIn(page: Page, credential: string, expected: string): Promise<void> {
  await page.getByLabel('API key or JWT').fill(credential);
  await page.getByRole('button', { name: 'Use', exact: true }).click();
  await page.getByTestId('caller').filter({ hasText: expected }).waitFor();
}

describe('credentials and roles', () => {
  it('loads the page without a credential, then shows the 401 plainly', async () => {
    const { page, watch } = await suite.open('#/skills');
    const banner = page.locator('[data-alert="unauthorized"]');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/^The server refused the credential: Not authenticated \(401 unauthorized\): /);
    await page.getByRole('alert').filter({ hasText: 'The skill list could not be loaded' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'unauthenticated');
    await signIn(page, 'not-a-key', 'role unknown');
    await banner.waitFor();
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('keeps the credential for the tab session and disables what a reader cannot do, with the reason', async () => {
    const { page, watch } = await suite.open('#/skills');
    await signIn(page, KEYS.reader, 'API key · role reader');
    await page.locator('tbody tr[data-skill]').first().waitFor();
    await page.reload();
    await page.getByTestId('caller').filter({ hasText: 'API key · role reader' }).waitFor();
    await page.goto(`${suite.server.url}/console/#/skills/text.shout-twice`);
    const run = page.getByRole('button', { name: 'Run and watch' });
    await run.waitFor();
    expect(await run.isDisabled()).toBe(true);
    expect(await page.locator('#run-stream-reason').textContent()).toBe('Running a skill needs the executor role; you have the reader role.');
    expect(await page.getByRole('button', { name: 'Launch as async run' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reader-skill');
    await page.goto(`${suite.server.url}/console/#/runs`);
    await page.getByText('The run list needs the operator role; you have the reader role.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Not allowed (403 forbidden)' }).waitFor();
    await page.goto(`${suite.server.url}/console/#/webhooks`);
    await page.locator('#webhook-denied', { hasText: 'Managing webhooks needs the operator role; you have the reader role.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Subscribe' }).isDisabled()).toBe(true);
    // Another tab is another session: no credential there.
    const other = await suite.open('#/skills');
    await other.page.getByTestId('caller').filter({ hasText: 'No credential' }).waitFor();
    await other.page.close();
    expectClean(watch);
    await page.close();
  }, 180_000);

  it("lets an executor's JWT run skills but not follow runs", async () => {
    const { page, watch } = await suite.open('#/skills/text.shout-twice');
    await signIn(page, jwt({ sub: 'ci-bot', role: 'executor', exp: Math.floor(Date.now() / 1000) + 3600 }), 'JWT for ci-bot · role executor');
    await page.getByLabel(/^text/).fill('as executor');
    await page.getByRole('button', { name: 'Run and watch' }).click();
    await page.locator('[data-testid="live-run"] [data-outcome="completed"]').waitFor();
    await page.getByRole('button', { name: 'Launch as async run' }).click();
    await page.getByText('Following runs needs the operator role.').waitFor();
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('lets an operator manage webhooks', async () => {
    const { page, watch } = await suite.open('#/webhooks');
    await signIn(page, KEYS.operator, 'API key · role operator');
    await page.getByText('No subscriptions.').waitFor();
    expect(await page.getByRole('button', { name: 'Subscribe' }).isDisabled()).toBe(false);
    expect(await page.locator('#webhook-denied').count()).toBe(0);
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('says when a token expires while the page is open, and recovers with a new one', async () => {
    const { page, watch } = await suite.open('#/skills');
    await signIn(page, jwt({ sub: 'short', role: 'reader', exp: Math.floor(Date.now() / 1000) + 15 }), 'JWT for short · role reader');
    await page.locator('tbody tr[data-skill]').first().waitFor();
    const expired = page.locator('[data-alert="expired"]');
    await expired.waitFor({ timeout: 60_000 });
    expect(await expired.textContent()).toMatch(/^Your token expired at \d{4}-\d\d-\d\dT/);
    // The next call is refused: the page says so rather than going blank.
    await page.getByLabel('Find a skill for…').fill('shout');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').filter({ hasText: '401' }).first().waitFor();
    expect(await page.locator('main h1').textContent()).toBe('Catalogue');
    await page.getByRole('button', { name: 'Change' }).click();
    await signIn(page, jwt({ sub: 'renewed', role: 'reader', exp: Math.floor(Date.now() / 1000) + 3600 }), 'JWT for renewed · role reader');
    expect(await page.locator('[data-alert]').count()).toBe(0);
    // The refused search goes through with the new token.
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('ol[aria-label="Search results"] li').first().waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.locator('tbody tr[data-skill]').first().waitFor();
    expectClean(watch);
    await page.close();
  }, 180_000);
});
