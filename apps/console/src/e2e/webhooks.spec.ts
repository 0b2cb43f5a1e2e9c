import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookReceiver } from '@skill-service/test-support';
import { screenshot, seriousViolations } from '../testing/browser.js';
import { consoleSuite, expectClean } from '../testing/console-suite.js';

// Deliveries go to a receiver on this machine: the outbound guard lets 127.0.0.1 through.
const suite = consoleSuite({ env: { SERVICE_OUTBOUND_ALLOW: '127.0.0.1' } });

/** A webhook receiver that fails (500) until told to accept, recording what it accepted. */
const receiver = new WebhookReceiver();
let receiverUrl: string;
let accepting = false;
const accepted: string[] = [];

beforeAll(async () => {
  receiver.answer = (received, response) => {
    if (accepting) accepted.push(received.body);
    response.writeHead(accepting ? 200 : 500).end();
  };
  receiverUrl = await receiver.start();
});

afterAll(() => receiver.close());

describe('webhooks', () => {
  it('creates and deletes subscriptions', async () => {
    const { page, watch } = await suite.open('#/webhooks');
    await page.getByText('No subscriptions.').waitFor();
    await page.getByText('No dead letters').waitFor();
    await page.getByLabel('Receiver URL').fill(`${receiverUrl}?other`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('table[aria-label="Subscriptions"] tbody tr').first().waitFor();
    const row = page.locator('table[aria-label="Subscriptions"] tbody tr', { hasText: '?other' });
    expect(await row.textContent()).toContain('*');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'webhooks');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No subscriptions.').waitFor();
    const listed = (await (await fetch(`${suite.server.url}/v1/webhooks`)).json()) as { subscriptions: unknown[] };
    expect(listed.subscriptions).toEqual([]);
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('refuses a bad subscription plainly', async () => {
    const { page, watch } = await suite.open('#/webhooks');
    await page.getByLabel('Receiver URL').fill('ftp://example.com/hook');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('alert').filter({ hasText: '400' }).waitFor();
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('lists a dead letter and replays it to a receiver that now accepts', async () => {
    const { page, watch } = await suite.open('#/webhooks');
    await page.getByLabel('Receiver URL').fill(receiverUrl);
    await page.getByRole('checkbox', { name: '*' }).uncheck();
    await page.getByRole('checkbox', { name: 'skill.completed' }).check();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('table[aria-label="Subscriptions"] tbody tr', { hasText: 'skill.completed' }).waitFor();
    const run = await fetch(`${suite.server.url}/v1/skills/text.shout-twice/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { text: 'hook', pause: 0 } }),
    });
    expect(run.status).toBe(200);
    // Three retries (2, 4 and 8 s) before the delivery becomes a dead letter.
    const deadline = Date.now() + 45_000;
    while ((await page.locator('table[aria-label="Dead letters"] tbody tr').count()) === 0) {
      if (Date.now() > deadline) throw new Error('no dead letter appeared');
      await page.waitForTimeout(1000);
      await page.reload();
      await page.waitForFunction(() => document.querySelector('table[aria-label="Dead letters"]') !== null || (document.body.textContent ?? '').includes('No dead letters'));
    }
    const letter = page.locator('table[aria-label="Dead letters"] tbody tr').first();
    expect(await letter.textContent()).toContain('skill.completed');
    expect(await letter.textContent()).toContain('4');
    await screenshot(page, 'dead-letters');
    accepting = true;
    await letter.getByRole('button', { name: 'Replay' }).click();
    await page.getByText(/Replayed the delivery to/).waitFor();
    await page.getByText('No dead letters').waitFor();
    const waitUntil = Date.now() + 10_000;
    while (accepted.length === 0 && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(accepted).toHaveLength(1);
    expect(JSON.parse(accepted[0] ?? '{}')).toMatchObject({ event: 'skill.completed', data: { skill_id: 'text.shout-twice' } });
    expectClean(watch);
    await page.close();
  }, 180_000);
});
