import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { codeDiffSummarize } from './code-diff-summarize.js';

describe('code.diff.summarize', () => {
  it('counts added and removed lines and gives the unified patch', async () => {
    expect(
      await runChecked(codeDiffSummarize, {
        before: 'def total(items):\n    return sum(items)\n',
        after: 'def total(items):\n    return round(sum(items), 2)\n\n# rounded to cents\n',
        filename: 'billing.py',
      }),
    ).toEqual({
      changed: true,
      added_lines: 3,
      removed_lines: 1,
      hunk_count: 1,
      summary: 'billing.py: 3 lines added, 1 removed in 1 hunk',
      patch:
        'Index: billing.py\n===================================================================\n--- billing.py\n+++ billing.py\n@@ -1,2 +1,4 @@\n def total(items):\n-    return sum(items)\n+    return round(sum(items), 2)\n+\n+# rounded to cents\n',
    });
  });

  it('separates distant changes into hunks according to the context size', async () => {
    const before = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n');
    const after = before.replace('line 2', 'line two').replace('line 17', 'line seventeen');
    expect(await runChecked(codeDiffSummarize, { before, after, context: 1 })).toMatchObject({ added_lines: 2, removed_lines: 2, hunk_count: 2 });
    expect(await runChecked(codeDiffSummarize, { before, after, context: 10 })).toMatchObject({ hunk_count: 1 });
  });

  it('says so when nothing changed', async () => {
    expect(await runChecked(codeDiffSummarize, { before: 'same\n', after: 'same\n' })).toEqual({
      changed: false,
      added_lines: 0,
      removed_lines: 0,
      hunk_count: 0,
      summary: 'file: no changes',
      patch: '',
    });
  });

  it('refuses versions too far apart to diff quickly', async () => {
    const before = Array.from({ length: 5_000 }, (_, index) => `a${index}`).join('\n');
    const after = Array.from({ length: 5_000 }, (_, index) => `b${index}`).join('\n');
    const started = Date.now();
    await expect(codeDiffSummarize.run({ before, after })).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('more than 1000 line edits') as unknown });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
