// The frame of a browser spec file: one built server and one browser for the file, a fresh tab
// per test, and the checks every page must pass (its CSP, only its own origin, no script error).
import { afterAll, beforeAll, expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { launchBrowser, openPage, type ConsoleBrowser, type PageWatch } from './browser.js';
import { startConsoleServer, type ConsoleServer, type ServerSetup } from './console-server.js';

export interface ConsoleSuite {
  readonly server: ConsoleServer;
  readonly browser: ConsoleBrowser;
  /** A new tab on `/console/<hash>`. */
  open(hash?: string): Promise<{ page: Page; watch: PageWatch }>;
}

export function consoleSuite(setup: ServerSetup = {}): ConsoleSuite {
  const suite = {} as { server: ConsoleServer; browser: ConsoleBrowser };
  beforeAll(async () => {
    suite.server = await startConsoleServer(setup);
    suite.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  }, 60_000);
  return {
    get server() {
      return suite.server;
    },
    get browser() {
      return suite.browser;
    },
    async open(hash = '#/skills') {
      const opened = await openPage(suite.browser, suite.server.url);
      await opened.page.goto(`${suite.server.url}/console/${hash}`);
      return opened;
    },
  };
}

export function expectClean(watch: PageWatch): void {
  expect(watch.cspViolations).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
}

/** The data-status of every node of the graph inside `scope`. */
export async function nodeStatuses(page: Page, scope: string): Promise<Record<string, string>> {
  return page.locator(`${scope} g.node`).evaluateAll((nodes) => Object.fromEntries(nodes.map((node) => [node.getAttribute('data-step'), node.getAttribute('data-status')])));
}
