/**
 * Rewrites tools/consumer-test/api/<library>.api.d.ts from the libraries' current declarations.
 * The declarations are emitted afresh in memory (see api-report.ts):
 *   npx nx run @skill-service/consumer-test:api-update
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_DIR, apiReportOf, fromRoot, reportPath } from './api-report.js';
import { publishedLibraries } from './published-libraries.js';

mkdirSync(API_DIR, { recursive: true });
const libraries = publishedLibraries().filter((library) => library.typed);
const current = new Set(libraries.map((library) => reportPath(library)));
for (const stale of readdirSync(API_DIR).map((file) => join(API_DIR, file))) {
  if (!current.has(stale)) {
    rmSync(stale);
    console.log(`removed ${fromRoot(stale)}`);
  }
}
for (const library of libraries) {
  const path = reportPath(library);
  const report = apiReportOf(library);
  let previous: string | undefined;
  try {
    previous = readFileSync(path, 'utf8');
  } catch {
    previous = undefined;
  }
  if (previous === report) continue;
  writeFileSync(path, report);
  console.log(`${previous === undefined ? 'created' : 'updated'} ${fromRoot(path)}`);
}
console.log(`${libraries.length} API reports in ${fromRoot(API_DIR)}`);
