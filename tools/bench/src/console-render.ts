import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './child-process.js';

/** Debian's chromium, as the console's browser tests drive it. */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** The catalogue is rendered once its first skill row is in the page. */
const FIRST_ROW = 'table[aria-label="Skills"] tbody tr';

/** What the page functions use of the browser's globals. */
interface PageGlobals {
  readonly document: { querySelector(selector: string): unknown };
}

export interface ConsoleRenderFigures {
  /** Navigation start → first catalogue row, a fresh browser profile (nothing cached), per run. */
  readonly coldMs: readonly number[];
  /** The same after a reload (the console's assets cached), per run. */
  readonly warmMs: readonly number[];
}

/**
 * The console's first render of the catalogue against `url` (a server of the built tree, serving
 * apps/console/dist), read inside the page with `performance.now()`: undefined when this machine
 * has no chromium or the console is not built, so the bench still runs without them.
 */
export async function consoleFirstRender(url: string, runs: number): Promise<ConsoleRenderFigures | undefined> {
  if (!existsSync(CHROMIUM) || !existsSync(join(ROOT, 'apps/console/dist/index.html'))) return undefined;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const coldMs: number[] = [];
  const warmMs: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const rendered = async (): Promise<number> => {
        // Functions, not strings: the console's CSP forbids evaluating strings. Typed through
        // globalThis because this project compiles without the DOM library.
        await page.waitForFunction((selector) => (globalThis as unknown as PageGlobals).document.querySelector(selector) !== null, FIRST_ROW, {
          polling: 'raf',
          timeout: 30_000,
        });
        return page.evaluate(() => performance.now());
      };
      await page.goto(`${url}/console/`);
      coldMs.push(await rendered());
      await page.reload();
      warmMs.push(await rendered());
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { coldMs, warmMs };
}
