import { describe, expect, it } from '@jest/globals';
import { screenshot, seriousViolations } from '../testing/browser.js';
import { consoleSuite, expectClean, nodeStatuses } from '../testing/console-suite.js';

const suite = consoleSuite();
const LIVE = '[data-testid="live-run"]';

async function launchAsync(skillId: string, inputs: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${suite.server.url}/v1/skills/${skillId}/execute/async`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inputs }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { run_id: string }).run_id;
}

describe('a live run from the form, over the SSE stream', () => {
  it('colours every node as its events arrive, with a timeline, the event log and the result', async () => {
    const { page, watch } = await suite.open('#/skills/text.shout-twice');
    await page.getByLabel(/^text/).fill('hello console');
    await page.getByRole('button', { name: 'Run and watch' }).click();
    await page.locator(`${LIVE} [data-outcome="completed"]`).waitFor();
    expect(await nodeStatuses(page, LIVE)).toEqual({ first: 'completed', second: 'completed', answer: 'completed' });
    expect(JSON.parse((await page.getByTestId('result').textContent()) ?? '')).toEqual({ text: 'HELLO CONSOLE' });
    // skill_start, a start and a completion per step, skill_completed, done.
    expect(await page.getByTestId('event-count').textContent()).toBe('9');
    const timeline = await page.locator(`${LIVE} table[aria-label="Timeline"] tbody tr`).evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-step'), row.children[1]?.textContent, row.children[3]?.textContent]));
    expect(timeline.map(([id, status]) => [id, status])).toEqual([
      ['first', 'completed'],
      ['second', 'completed'],
      ['answer', 'completed'],
    ]);
    for (const [, , duration] of timeline) expect(duration).toMatch(/^\d+ ms$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'live-run');
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('shows the running step while it runs, then each finished one', async () => {
    const { page, watch } = await suite.open('#/skills/test.slow-steps');
    await page.getByLabel(/^seconds/).fill('2');
    await page.getByRole('button', { name: 'Run and watch' }).click();
    await page.locator(`${LIVE} g.node[data-status="running"]`).waitFor({ timeout: 30_000 });
    // At any moment of this chain: the steps before the running one completed, those after pending.
    const during = Object.values(await nodeStatuses(page, LIVE));
    const running = during.indexOf('running');
    expect(during).toEqual(during.map((_, i) => (i < running ? 'completed' : i === running ? 'running' : 'pending')));
    expect(await page.getByRole('button', { name: 'Running…' }).isDisabled()).toBe(true);
    await page.locator(`${LIVE} [data-outcome="completed"]`).waitFor({ timeout: 30_000 });
    expect(Object.values(await nodeStatuses(page, LIVE))).toEqual(['completed', 'completed', 'completed', 'completed']);
    expectClean(watch);
    await page.close();
  }, 180_000);

  it("shows a failing skill's failed node and its error", async () => {
    const { page, watch } = await suite.open('#/skills/test.shout-then-fail');
    await page.getByLabel(/^text/).fill('doomed');
    await page.getByRole('button', { name: 'Run and watch' }).click();
    await page.locator(`${LIVE} [data-outcome="failed"]`).waitFor();
    expect(await nodeStatuses(page, LIVE)).toEqual({ upper: 'completed', explode: 'failed' });
    const error = (await page.getByTestId('run-error').textContent()) ?? '';
    expect(error).toContain('explode');
    expect(error).toContain('DOOMED');
    expect(error).not.toMatch(/\/work\/|Traceback|\.py"/);
    expect(await page.locator(`${LIVE} table[aria-label="Timeline"] tr[data-step="explode"]`).textContent()).toContain('failed');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'failed-run');
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('checks the inputs against their declared types before sending anything', async () => {
    const { page, watch } = await suite.open('#/skills/text.shout-twice');
    // The form starts from the skill's first example: empty the required box to see it refused.
    await page.getByLabel(/^text/).fill('');
    await page.getByLabel(/^pause/).fill('soon');
    await page.getByRole('button', { name: 'Run and watch' }).click();
    await page.getByText('text is required').waitFor();
    await page.getByText('pause must be a number').waitFor();
    expect(await page.locator(LIVE).count()).toBe(0);
    expect(await page.getByLabel(/^text/).getAttribute('aria-invalid')).toBe('true');
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('runs 50 steps and updates the graph for every event, dropping none', async () => {
    const { page, watch } = await suite.open('#/skills/test.steps-50');
    await page.getByRole('button', { name: 'Run and watch' }).click();
    await page.locator(`${LIVE} [data-outcome="completed"]`).waitFor({ timeout: 60_000 });
    const statuses = await nodeStatuses(page, LIVE);
    expect(Object.keys(statuses)).toHaveLength(50);
    expect(new Set(Object.values(statuses))).toEqual(new Set(['completed']));
    expect(await page.getByTestId('event-count').textContent()).toBe(String(1 + 50 * 2 + 1 + 1));
    expect(await page.locator(`${LIVE} table[aria-label="Timeline"] tbody tr`).count()).toBe(50);
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('draws a skill of 200 steps', async () => {
    const { page, watch } = await suite.open('#/skills/test.steps-200');
    await page.locator('[data-testid="static-graph"] g.node').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="static-graph"] g.node').count()).toBe(200);
    expect(await page.locator('[data-testid="static-graph"] path.edge').count()).toBe(180);
    expectClean(watch);
    await page.close();
  }, 180_000);
});

describe('async runs', () => {
  it('launches an async run from the form and follows it over the server’s run events, live, to its result', async () => {
    const { page, watch } = await suite.open('#/skills/test.slow-steps');
    await page.getByLabel(/^seconds/).fill('2');
    await page.getByRole('button', { name: 'Launch as async run' }).click();
    await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
    const runId = /#\/runs\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
    // Live from the events route: a node turns running while the run executes (not known from the record).
    await page.locator('.run-view g.node[data-status="running"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="run-status"]').textContent()).toBe('running');
    // The server offers cancel (cancel-run.spec presses it): while the run runs, the button is live.
    expect(await page.getByRole('button', { name: 'Cancel run' }).isDisabled()).toBe(false);
    await page.locator('.run-view [data-outcome="completed"]').waitFor({ timeout: 60_000 });
    expect(Object.values(await nodeStatuses(page, '.run-view'))).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(JSON.parse((await page.getByTestId('result').textContent()) ?? '')).toEqual({ value: 'slow' });
    // Every recorded event shown once: the page's log has exactly what the route replays.
    const replay = await (await fetch(`${suite.server.url}/v1/runs/${runId}/events`)).text();
    const recorded = replay.split('\n\n').filter((frame) => frame.startsWith('event: ')).length;
    expect(recorded).toBeGreaterThan(4);
    expect(await page.getByTestId('event-count').textContent()).toBe(String(recorded));
    expect(await page.getByText('Live events are unavailable on this server').count()).toBe(0);
    await page.locator('[data-testid="run-status"]', { hasText: 'completed' }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'run');
    expectClean(watch);
    await page.close();
  }, 180_000);

  it("lists runs with status, skill, created and duration, refreshing while one is running, and shows a failed run's error", async () => {
    const slow = await launchAsync('test.slow-steps', { value: 'slow', seconds: 5 });
    const failing = await launchAsync('test.shout-then-fail', { text: 'boom' });
    const { page, watch } = await suite.open('#/runs');
    await page.locator(`tr[data-run="${slow}"][data-status="running"]`).waitFor();
    expect(await page.locator(`tr[data-run="${slow}"]`).textContent()).toContain('test.slow-steps');
    expect(await page.locator(`tr[data-run="${slow}"] td`).nth(4).textContent()).toMatch(/so far$/);
    // No reload: the page refreshes itself while a run is running.
    await page.locator(`tr[data-run="${slow}"][data-status="completed"]`).waitFor({ timeout: 60_000 });
    expect(await page.locator(`tr[data-run="${failing}"]`).getAttribute('data-status')).toBe('failed');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'runs');
    await page.locator(`tr[data-run="${failing}"] a`).first().click();
    await page.locator('[data-outcome="failed"]').waitFor();
    expect(await page.getByTestId('run-error').textContent()).toContain('explode');
    expect(await page.locator('#cancel-run').isDisabled()).toBe(true);
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('says so when a run does not exist', async () => {
    const { page, watch } = await suite.open('#/runs/00000000-0000-0000-0000-000000000000');
    await page.getByRole('alert').filter({ hasText: '404' }).waitFor();
    expectClean(watch);
    await page.close();
  }, 180_000);
});
