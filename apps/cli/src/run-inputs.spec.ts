import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';
import { readRunInputs } from './run-inputs.js';

let dir = '';
const noStdin = async (): Promise<string> => {
  throw new Error('stdin must not be read');
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-inputs-'));
  await writeFile(join(dir, 'inputs.json'), '{"text": "from a file"}');
  await writeFile(join(dir, 'broken.json'), '{"text": ');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('readRunInputs', () => {
  it('parses --input, --input-file and stdin (-), and defaults to no inputs', async () => {
    expect(await readRunInputs({ input: '{"a": [1, 2]}' }, noStdin)).toEqual({ a: [1, 2] });
    expect(await readRunInputs({ inputFile: join(dir, 'inputs.json') }, noStdin)).toEqual({ text: 'from a file' });
    expect(await readRunInputs({ inputFile: '-' }, async () => '{"piped": true}')).toEqual({ piped: true });
    expect(await readRunInputs({}, noStdin)).toEqual({});
  });

  it('leaves JSON that is not an object for the contract to refuse', async () => {
    expect(await readRunInputs({ input: '[1]' }, noStdin)).toEqual([1]);
  });

  it('refuses text that is not JSON as a usage error, naming where it came from', async () => {
    await expect(readRunInputs({ input: '{oops' }, noStdin)).rejects.toMatchObject({ exitCode: EXIT.usage, message: expect.stringMatching(/^--input is not valid JSON: /) });
    await expect(readRunInputs({ inputFile: join(dir, 'broken.json') }, noStdin)).rejects.toMatchObject({
      exitCode: EXIT.usage,
      message: expect.stringContaining('broken.json'),
    });
  });

  it('refuses both options at once', async () => {
    await expect(readRunInputs({ input: '{}', inputFile: 'x' }, noStdin)).rejects.toMatchObject({ exitCode: EXIT.usage });
  });

  it('reports a missing file or a folder as unreadable, with the reason', async () => {
    const missing = readRunInputs({ inputFile: join(dir, 'missing.json') }, noStdin);
    await expect(missing).rejects.toBeInstanceOf(CliError);
    await expect(missing).rejects.toMatchObject({ exitCode: EXIT.unreadableFile, message: expect.stringContaining('(ENOENT)') });
    await expect(readRunInputs({ inputFile: dir }, noStdin)).rejects.toMatchObject({ exitCode: EXIT.unreadableFile, message: expect.stringContaining('(EISDIR)') });
  });
});
