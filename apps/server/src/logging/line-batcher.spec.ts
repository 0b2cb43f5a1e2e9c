import { describe, expect, it } from '@jest/globals';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LineBatcher } from './line-batcher.js';

/** A stream that records each write it receives. */
function recordingStream(): { stream: Writable; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return { stream, writes };
}

describe('LineBatcher', () => {
  it('writes the lines of one turn of the event loop as one write, after the turn', async () => {
    const { stream, writes } = recordingStream();
    const batcher = new LineBatcher({ stream }, 1024 * 1024);
    for (let i = 0; i < 100; i += 1) batcher.add(`{"n":${i}}\n`);
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.split('\n').filter(Boolean)).toHaveLength(100);
    batcher.add('{"n":100}\n');
    await nextTurn();
    expect(writes).toEqual([expect.any(String), '{"n":100}\n']);
  });

  it('drops and counts lines past the bound instead of growing without limit', async () => {
    const { stream, writes } = recordingStream();
    const batcher = new LineBatcher({ stream }, 25);
    for (let i = 0; i < 5; i += 1) batcher.add('0123456789\n');
    expect(batcher.dropped).toBe(3);
    await nextTurn();
    expect(writes.join('')).toBe('0123456789\n0123456789\n');
  });

  it('writes to a file descriptor asynchronously, and synchronously on flushSync', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'line-batcher-'));
    const file = join(dir, 'log');
    const fd = openSync(file, 'w');
    try {
      const batcher = new LineBatcher({ fd }, 1024 * 1024);
      batcher.add('a\n');
      batcher.add('b\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      // The asynchronous write completes on a later turn.
      for (let turn = 0; turn < 50 && readFileSync(file, 'utf8') === ''; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(readFileSync(file, 'utf8')).toBe('a\nb\n');
      batcher.add('c\n');
      batcher.close();
      expect(readFileSync(file, 'utf8')).toBe('a\nb\nc\n');
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
