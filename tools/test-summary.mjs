// Prints one closing line for the whole test run, summed over every project's Jest result files
// (Nx restores those files from its cache, so cached projects are counted too). The fault specs
// (`test-faults`) run with --detectOpenHandles: any handle they leave open fails the run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const parents = ['libs', 'libs/providers', 'apps', 'tools'];
const RESULT_FILES = ['jest-results.json', 'jest-faults-results.json'];
let passed = 0;
let failed = 0;
let skipped = 0;
let projects = 0;
const openHandles = [];

/**
 * A handle a dependency opens while its module is being evaluated — one per process, whichever
 * spec first loads it (http2-wrapper, under got, builds a TLS socket at load to reach a Node
 * internal) — is not one a spec left open: its first frame outside Node is a module's top level
 * inside node_modules. Handles a spec's own code or a request opens are still reported.
 */
function openedAtModuleLoad(handle) {
  const frames = String(handle.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => !/^at (?:.*\()?node:/.test(line));
  return /^at Object\.<anonymous> \(.*[\\/]node_modules[\\/]/.test(frames[0] ?? '');
}
for (const parent of parents) {
  const dir = join(root, parent);
  if (!existsSync(dir)) continue;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const files = RESULT_FILES.map((name) => join(dir, entry.name, name)).filter((file) => existsSync(file));
    if (files.length > 0) projects += 1;
    for (const file of files) {
      const result = JSON.parse(readFileSync(file, 'utf8'));
      passed += result.numPassedTests;
      failed += result.numFailedTests;
      skipped += result.numPendingTests + (result.numTodoTests ?? 0);
      for (const handle of (result.openHandles ?? []).filter((found) => !openedAtModuleLoad(found))) openHandles.push(`${relative(root, file)}: ${String(handle.message ?? handle).split('\n')[0]}`);
    }
  }
}
console.log(`\n${projects} projects tested`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
if (openHandles.length > 0) console.log(`open handles left by fault specs:\n  ${openHandles.join('\n  ')}`);
process.exit(failed > 0 || projects === 0 || openHandles.length > 0 ? 1 : 0);
