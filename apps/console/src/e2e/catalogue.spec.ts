import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { screenshot, seriousViolations } from '../testing/browser.js';
import { CONSOLE_DIST } from '../testing/console-server.js';
import { consoleSuite, expectClean } from '../testing/console-suite.js';

const suite = consoleSuite();
const open = (hash?: string): ReturnType<typeof suite.open> => suite.open(hash);

describe('the catalogue', () => {
  it('loads the skills list from the server, under a CSP it never violates, fetching nothing from elsewhere', async () => {
    const { page, watch } = await open();
    await page.locator('table[aria-label="Skills"] tbody tr').first().waitFor();
    // First render measured inside the page (navigation start → rows in the DOM), once cold and
    // once with the browser's cache warm; reported by the test, bounded only loosely (shared machine).
    const cold = await page.evaluate(() => performance.now());
    await page.reload();
    await page.waitForFunction(() => document.querySelector('table[aria-label="Skills"] tbody tr') !== null, undefined, { polling: 'raf' });
    const warm = await page.evaluate(() => performance.now());
    console.log(`first render of the catalogue: ${Math.round(cold)} ms cold, ${Math.round(warm)} ms warm`);
    expect(warm).toBeLessThan(30_000);
    const ids = await page.locator('tbody tr[data-skill]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-skill')));
    expect(ids).toEqual(expect.arrayContaining(['text.shout-twice', 'test.shout-then-fail', 'test.slow-steps', 'test.steps-50', 'test.steps-200', 'text.old-shout']));
    await expect(page.getByTestId('skill-count').textContent()).resolves.toContain('6 skills');
    const response = await page.request.get(`${suite.server.url}/console/`);
    expect(response.headers()['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'catalogue');
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('filters the list with the list filters', async () => {
    const { page, watch } = await open();
    await page.locator('tbody tr[data-skill]').first().waitFor();
    await page.getByLabel('status').fill('experimental');
    await page.getByLabel('status').press('Tab');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-skill]').length === 1);
    expect(await page.locator('tbody tr[data-skill]').getAttribute('data-skill')).toBe('test.shout-then-fail');
    await page.getByLabel('status').fill('no-such-status');
    await page.getByLabel('status').press('Tab');
    await page.getByTestId('skill-count').filter({ hasText: '0 skills' }).waitFor();
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('searches through discover and shows each match with its score and reason', async () => {
    const { page, watch } = await open();
    await page.getByLabel('Find a skill for…').fill('upper-case a text twice');
    await page.getByRole('button', { name: 'Search' }).click();
    const first = page.locator('ol[aria-label="Search results"] li').first();
    await first.waitFor();
    expect(await first.getAttribute('data-skill')).toBe('text.shout-twice');
    expect(await first.getByTestId('score').textContent()).toMatch(/^score \d+\.\d\d$/);
    expect(await first.locator('.reason-line').textContent()).toMatch(/bm25=/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'search');
    // A search the server refuses (an intent over 2,000 characters cannot be typed: maxlength) —
    // an empty one clears the search instead of sending it.
    await page.getByLabel('Find a skill for…').fill('   ');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('table[aria-label="Skills"]').waitFor();
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('opens a skill: description, interface, classification, deprecation and its steps as a graph', async () => {
    const { page, watch } = await open();
    await page.getByRole('link', { name: 'Shout twice' }).click();
    await page.getByRole('heading', { name: /Shout twice/ }).waitFor();
    expect(await page.locator('table[aria-label="Inputs"] tbody tr').count()).toBe(2);
    expect(await page.locator('dl.facts').textContent()).toContain('role: procedure');
    const graph = page.getByTestId('static-graph');
    const nodes = await graph.locator('g.node').evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-step'), g.textContent]));
    expect(nodes.map(([id]) => id)).toEqual(['first', 'second', 'answer']);
    expect(nodes[0]?.[1]).toContain('text.upper · call');
    const edges = await graph.locator('path.edge').evaluateAll((ps) => ps.map((p) => `${p.getAttribute('data-from')}→${p.getAttribute('data-to')} ${p.getAttribute('class')}`));
    expect(edges.sort()).toEqual(['first→second edge edge-data', 'second→answer edge edge-data']);
    // Laid out: the second step sits below the first, the third below the second.
    const ys = await graph.locator('g.node').evaluateAll((gs) => gs.map((g) => Number(/translate\([\d.]+ ([\d.]+)\)/.exec(g.getAttribute('transform') ?? '')?.[1])));
    expect(ys[0]).toBeLessThan(ys[1] ?? 0);
    expect(ys[1]).toBeLessThan(ys[2] ?? 0);
    // Pre-filled from the skill's first example, as describe serves it.
    expect(await page.getByLabel(/^text/).inputValue()).toBe('hello console');
    expect(await page.getByLabel(/^pause/).inputValue()).toBe('0.1');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'skill');
    await page.goto(`${suite.server.url}/console/#/skills/text.old-shout`);
    await page.getByText('This skill is deprecated.').waitFor();
    expect(await page.getByRole('link', { name: 'text.shout-twice' }).getAttribute('href')).toBe('#/skills/text.shout-twice');
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('says so when a skill does not exist, and on an unknown page', async () => {
    const { page, watch } = await open('#/skills/no.such-skill');
    await page.getByRole('alert').filter({ hasText: 'Not found (404 not_found)' }).waitFor();
    await page.goto(`${suite.server.url}/console/#/nowhere`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expectClean(watch);
    await page.close();
  }, 180_000);

  it('shows diagnostics: registry counts and problems, provider health, circuit breakers', async () => {
    const { page, watch } = await open('#/diagnostics');
    await page.getByRole('heading', { name: 'Providers' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('6 skills (0 rejected), 3 capabilities');
    expect(await page.locator('table[aria-label="Provider health"] tbody tr').count()).toBeGreaterThan(0);
    await page.getByText('Every circuit is closed.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'diagnostics');
    expectClean(watch);
    await page.close();
  }, 180_000);
});

describe('the built console', () => {
  it('ships at most 300 KB of gzipped JavaScript', () => {
    const assets = readdirSync(`${CONSOLE_DIST}/assets`).filter((name) => name.endsWith('.js'));
    expect(assets.length).toBeGreaterThan(0);
    const gzipped = assets.reduce((sum, name) => sum + gzipSync(readFileSync(`${CONSOLE_DIST}/assets/${name}`)).length, 0);
    console.log(`console JavaScript: ${gzipped} bytes gzipped`);
    expect(gzipped).toBeLessThanOrEqual(300 * 1024);
  });
});
