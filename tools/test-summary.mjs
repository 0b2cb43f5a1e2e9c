// Prints one closing line for the whole test run, summed over every project's Jest result file
// (Nx restores those files from its cache, so cached projects are counted too).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const parents = ['libs', 'libs/providers', 'apps', 'tools'];
let passed = 0;
let failed = 0;
let skipped = 0;
let projects = 0;
for (const parent of parents) {
  const dir = join(root, parent);
  if (!existsSync(dir)) continue;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, 'jest-results.json');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const result = JSON.parse(readFileSync(file, 'utf8'));
    projects += 1;
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    skipped += result.numPendingTests + (result.numTodoTests ?? 0);
  }
}
console.log(`\n${projects} projects tested`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || projects === 0 ? 1 : 0);
