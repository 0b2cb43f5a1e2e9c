import { InvalidRequestError } from '@skill-service/contracts';
import { defineCapability } from '../../define-capability.js';
import { boolean, integer, name, object, text } from '../../json-schema.js';
import { onFirstUse } from '../../lazy-module.js';

interface Input {
  before: string;
  after: string;
  filename?: string;
  context?: number;
}

// Myers' diff costs O((N + M) · D): the line count and the edit distance are both bounded, the
// latter through jsdiff's maxEditLength (deterministic, unlike its wall-clock timeout).
const loadDiff = onFirstUse(() => import('diff'));

const MAX_LINES = 20_000;
const MAX_EDITS = 1_000;
const MAX_CHARS = 500_000;

function lineCount(source: string): number {
  let lines = 1;
  for (let index = source.indexOf('\n'); index >= 0; index = source.indexOf('\n', index + 1)) lines++;
  return lines;
}

function refuse(field: string, message: string): never {
  throw new InvalidRequestError(`Invalid input: ${field} ${message}`, { details: [{ path: field, message }] });
}

export const codeDiffSummarize = defineCapability<Input>({
  id: 'code.diff.summarize',
  description:
    'Line diff of two versions of a file (jsdiff, Myers’ algorithm): lines added and removed, number of changed regions, a one-line summary and the unified patch.',
  inputSchema: object(
    {
      before: text('The old version (at most 500,000 characters).', { maxLength: MAX_CHARS }),
      after: text('The new version (at most 500,000 characters).', { maxLength: MAX_CHARS }),
      filename: name('File name for the patch header.', { default: 'file' }),
      context: integer('Unchanged lines shown around each change.', { minimum: 0, maximum: 20, default: 3 }),
    },
    ['before', 'after'],
  ),
  outputSchema: object(
    {
      changed: boolean('Whether the versions differ.'),
      added_lines: integer('Lines added.'),
      removed_lines: integer('Lines removed.'),
      hunk_count: integer('Changed regions (hunks).'),
      summary: text('One line: what changed.', { maxLength: 2000 }),
      patch: text('The unified diff (empty when unchanged).'),
    },
    ['changed', 'added_lines', 'removed_lines', 'hunk_count', 'summary', 'patch'],
  ),
  async compute(input) {
    const { formatPatch, structuredPatch } = await loadDiff();
    if (lineCount(input.before) + lineCount(input.after) > MAX_LINES) refuse('inputs.before', `and inputs.after have more than ${MAX_LINES} lines together`);
    const filename = input.filename ?? 'file';
    const patch = structuredPatch(filename, filename, input.before, input.after, undefined, undefined, { context: input.context ?? 3, maxEditLength: MAX_EDITS });
    if (patch === undefined) refuse('inputs.after', `differs from inputs.before by more than ${MAX_EDITS} line edits`);
    let added = 0;
    let removed = 0;
    for (const hunk of patch.hunks) {
      for (const line of hunk.lines) {
        if (line.startsWith('+')) added++;
        else if (line.startsWith('-')) removed++;
      }
    }
    const hunks = patch.hunks.length;
    const summary =
      hunks === 0
        ? `${filename}: no changes`
        : `${filename}: ${added} line${added === 1 ? '' : 's'} added, ${removed} removed in ${hunks} hunk${hunks === 1 ? '' : 's'}`;
    return { changed: hunks > 0, added_lines: added, removed_lines: removed, hunk_count: hunks, summary, patch: hunks === 0 ? '' : formatPatch(patch) };
  },
});
