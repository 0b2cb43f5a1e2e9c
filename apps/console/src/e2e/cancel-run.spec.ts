import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '@skill-service/auth';
import type { Page } from 'playwright-core';
import { screenshot, seriousViolations } from '../testing/browser.js';
import { consoleSuite, expectClean, nodeStatuses } from '../testing/console-suite.js';

// The held skill's own tree (the later roots win over the shared fixtures'): its first step waits
// on a gate file, so a run is surely still executing when the page cancels it.
const HELD = fileURLToPath(new URL('../test-fixtures/held/', import.meta.url));
const KEYS = {
  reader: 'reader-key-cancel-1',
  executor: 'executor-key-cancel-2',
  other: 'other-executor-key-cancel-3',
  operator: 'operator-key-cancel-4',
  admin: 'admin-key-cancel-5',
};
const suite = consoleSuite({
  args: ['--api-key', KEYS.admin, '--registry-root', `${HELD}registry`, '--runtime-root', `${HELD}runtime`],
  env: {
    SERVICE_RBAC: '1',
    SERVICE_API_KEYS: [
      `reader-robot:reader:${sha256Hex(KEYS.reader)}`,
      `executor-robot:executor:${sha256Hex(KEYS.executor)}`,
      `other-robot:executor:${sha256Hex(KEYS.other)}`,
      `operator-robot:operator:${sha256Hex(KEYS.operator)}`,
    ].join(','),
  },
});

const gates = mkdtempSync(join(tmpdir(), 'console-cancel-gates-'));
const started = (name: string): string => join(gates, `${name}.started`);

// Every held call ends with its test (a cancel that failed would leave its worker waiting).
afterEach(() => {
  for (const file of readdirSync(gates).filter((entry) => entry.endsWith('.started'))) writeFileSync(join(gates, file.replace(/\.started$/, '.release')), '');
});
afterAll(() => rmSync(gates, { recursive: true, force: true }));

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function runRecord(runId: string): Promise<{ status: string; error: string | null }> {
  const response = await fetch(`${suite.server.url}/v1/runs/${runId}`, { headers: { 'x-api-key': KEYS.operator } });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; error: string | null };
}

async function signIn(page: Page, key: string, role: string): Promise<void> {
  await page.getByLabel('API key or JWT').fill(key);
  await page.getByRole('button', { name: 'Use', exact: true }).click();
  await page.getByTestId('caller').filter({ hasText: `API key · role ${role}` }).waitFor();
}

/** A tab signed in with `key`, on `hash`. */
async function openAs(key: string, role: string, hash: string): Promise<Awaited<ReturnType<typeof suite.open>>> {
  const opened = await suite.open('#/skills');
  await signIn(opened.page, key, role);
  await opened.page.goto(`${suite.server.url}/console/${hash}`);
  return opened;
}

/** Fills the held skill's form and launches it as an async run. */
async function launchHeld(page: Page, name: string): Promise<void> {
  await page.getByLabel(/^gate_dir/).fill(gates);
  await page.getByLabel(/^name/).fill(name);
  await page.getByRole('button', { name: 'Launch as async run' }).click();
}

/** An executor's launch from the form: the run id, from the notice's link, once its held step runs. */
async function executorLaunch(page: Page, name: string): Promise<string> {
  await launchHeld(page, name);
  await page.getByText('Following runs needs the operator role.').waitFor();
  const runId = (await page.locator('[data-testid="launched-run"] a.mono').textContent()) ?? '';
  expect(runId).toMatch(/^[0-9a-f-]{36}$/);
  await until(`the held step of ${name} to start`, () => existsSync(started(name)));
  return runId;
}

describe('cancelling an async run from the console', () => {
  it('an operator launches a held run from the form, cancels it on its page, and sees it failed with Run cancelled', async () => {
    const { page, watch } = await openAs(KEYS.operator, 'operator', '#/skills/test.held');
    await launchHeld(page, 'op');
    await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
    const runId = /#\/runs\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
    await until('the held step to start', () => existsSync(started('op')));
    const pid = Number(readFileSync(started('op'), 'utf8'));
    expect(alive(pid)).toBe(true);
    expect(await page.getByTestId('run-status').textContent()).toBe('running');
    // Enabled once the page has read the server's description (the route is there) and the role.
    await page.locator('#cancel-run:not([disabled])').waitFor();
    await page.getByRole('button', { name: 'Cancel run' }).click();

    await page.locator('.run-view [data-outcome="failed"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('run-error').textContent()).toBe('Run cancelled');
    await page.getByTestId('run-status').filter({ hasText: 'failed' }).waitFor();
    // The step after the held one never started. The held one shows failed where the page follows
    // the run's events; from the record alone nothing tells it started: not run.
    const statuses = await nodeStatuses(page, '.run-view');
    expect(statuses['shout']).toBe('not-run');
    expect(['failed', 'not-run']).toContain(statuses['hold']);
    expect(await page.locator('#cancel-run').isDisabled()).toBe(true);
    expect(await page.locator('#cancel-run-reason').textContent()).toBe('The run has finished.');
    // Really cancelled on the server, its Python call stopped (not left to its gate).
    expect(await runRecord(runId)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
    await until('the held Python worker to be stopped', () => !alive(pid));
    expect(existsSync(join(gates, 'op.release'))).toBe(false);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'cancelled-run');
    expectClean(watch);
    await page.close();
  }, 180_000);

  it("an executor cancels the run it launched from the form; another executor's cancel is refused (403); a reader sees Cancel disabled with the reason", async () => {
    const mine = await openAs(KEYS.executor, 'executor', '#/skills/test.held');
    const runId = await executorLaunch(mine.page, 'mine');

    // Another executor may not read the run nor cancel it: the server's refusal, in words.
    const other = await openAs(KEYS.other, 'executor', `#/runs/${runId}`);
    await other.page.getByRole('alert').filter({ hasText: 'The run could not be loaded' }).waitFor();
    await other.page.locator('#cancel-run:not([disabled])').waitFor();
    await other.page.getByRole('button', { name: 'Cancel run' }).click();
    const refusal = other.page.getByTestId('cancel-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Not allowed \(403 forbidden\): Run '[0-9a-f-]{36}' was launched by another subject/);
    expect(await runRecord(runId)).toMatchObject({ status: 'running' });
    expect(await seriousViolations(other.page)).toEqual([]);
    await screenshot(other.page, 'cancel-refused');
    expectClean(other.watch);
    await other.page.close();

    // A reader: the button is there, disabled, with the reason.
    const reader = await openAs(KEYS.reader, 'reader', `#/runs/${runId}`);
    await reader.page.locator('#cancel-run-reason', { hasText: 'Cancelling a run needs the executor role; you have the reader role.' }).waitFor();
    expect(await reader.page.locator('#cancel-run').isDisabled()).toBe(true);
    expect(await seriousViolations(reader.page)).toEqual([]);
    await screenshot(reader.page, 'cancel-reader');
    expectClean(reader.watch);
    await reader.page.close();

    // The launcher cancels it beside the form; the answer shows the run failed, its steps not run.
    const { page, watch } = mine;
    await page.locator('[data-testid="launched-run"] #cancel-run').click();
    await page.locator('[data-testid="launched-run"] [data-outcome="failed"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="launched-run"] [data-testid="run-error"]').textContent()).toBe('Run cancelled');
    expect(await nodeStatuses(page, '[data-testid="launched-run"]')).toEqual({ hold: 'not-run', shout: 'not-run' });
    expect(await page.locator('#cancel-run-reason').textContent()).toBe('The run has finished.');
    expect(await runRecord(runId)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'cancelled-from-form');
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('a finished run offers no Cancel, and a cancel that comes too late answers 409 plainly', async () => {
    const { page, watch } = await openAs(KEYS.executor, 'executor', '#/skills/test.held');
    const runId = await executorLaunch(page, 'late');
    writeFileSync(join(gates, 'late.release'), '');
    await until('the released run to complete', async () => (await runRecord(runId)).status === 'completed');
    // The executor's page cannot read the record, so it still offers Cancel: the server says no.
    await page.locator('[data-testid="launched-run"] #cancel-run').click();
    const refusal = page.getByTestId('cancel-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^The run had already finished \(409 run_finished\): Run '[0-9a-f-]{36}' is already finished \(completed\)/);
    await page.locator('#cancel-run-reason', { hasText: 'The run has finished.' }).waitFor();
    expect(await page.locator('#cancel-run').isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expectClean(watch);
    await page.close();

    const operator = await openAs(KEYS.operator, 'operator', `#/runs/${runId}`);
    await operator.page.getByTestId('run-status').filter({ hasText: 'completed' }).waitFor();
    await operator.page.locator('#cancel-run-reason', { hasText: 'The run has finished.' }).waitFor();
    expect(await operator.page.locator('#cancel-run').isDisabled()).toBe(true);
    expect(JSON.parse((await operator.page.getByTestId('result').textContent()) ?? '')).toEqual({ text: 'LATE' });
    expectClean(operator.watch);
    await operator.page.close();
  }, 180_000);
});
