import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { API_DIR, UPDATE_COMMAND, apiReportOf, fromRoot, reportPath } from './api-report.js';
import { publishedLibraries } from './published-libraries.js';

const typed = publishedLibraries().filter((library) => library.typed);

describe('the API reports (tools/consumer-test/api)', () => {
  it('cover exactly the published TypeScript libraries', () => {
    const expected = typed.map((library) => fromRoot(reportPath(library))).sort();
    const committed = readdirSync(API_DIR).map((file) => `tools/consumer-test/api/${file}`).sort();
    expect({ committed, hint: `update: ${UPDATE_COMMAND}` }).toEqual({ committed: expected, hint: `update: ${UPDATE_COMMAND}` });
  });

  it.each(typed.map((library) => [library.name, library] as const))('%s exports what its report says', (_, library) => {
    const path = reportPath(library);
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const current = apiReportOf(library);
    if (current !== committed) {
      // The diff Jest prints shows what changed; the message says what to do about it.
      try {
        expect(current).toBe(committed);
      } catch (error) {
        (error as Error).message =
          `The public API of ${library.name} differs from ${fromRoot(path)}.\n` +
          `If the change is intended, run \`${UPDATE_COMMAND}\` and commit the report.\n\n${(error as Error).message}`;
        throw error;
      }
    }
    expect(current).toContain(`// ---- index.d.ts\n`);
  });
});
