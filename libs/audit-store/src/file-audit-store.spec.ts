import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { AuditStoreError } from './audit-store-error.js';
import { FileAuditStore, type CorruptAuditLine } from './file-audit-store.js';
import { readAuditFile } from './read-audit-file.js';

let dir: string;
let path: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-audit-store-'));
  path = join(dir, 'nested', 'deeper', 'audit.jsonl');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (n: number, extra: Record<string, unknown> = {}): string => JSON.stringify({ n, ...extra });

describe('FileAuditStore.append', () => {
  it('creates the parent directories and writes one JSON line per record', async () => {
    const store = new FileAuditStore(path);
    await store.append(line(1));
    await store.append(line(2));
    expect(await readFile(path, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
  });

  it('creates the file readable by its owner only', async () => {
    await new FileAuditStore(path).append(line(1));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('refuses a line with a line break', async () => {
    await expect(new FileAuditStore(path).append('{"a":\n1}')).rejects.toBeInstanceOf(AuditStoreError);
  });

  it('starts a new line after a torn one instead of gluing the record to it', async () => {
    await new FileAuditStore(path).append(line(1));
    await appendFile(path, '{"n":2,"trun');
    await new FileAuditStore(path).append(line(3));
    expect(await readFile(path, 'utf8')).toBe('{"n":1}\n{"n":2,"trun\n{"n":3}\n');
  });
});

describe('FileAuditStore.readLastRecord', () => {
  it('has no record for a missing or blank file', async () => {
    expect(await new FileAuditStore(path).readLastRecord()).toBeNull();
    await new FileAuditStore(path).append(line(0));
    await writeFile(path, '\n\n  \n');
    expect(await new FileAuditStore(path).readLastRecord()).toBeNull();
  });

  it('returns the last record', async () => {
    const store = new FileAuditStore(path);
    for (let n = 1; n <= 3; n += 1) await store.append(line(n));
    expect(await store.readLastRecord()).toEqual({ n: 3 });
  });

  it('finds the exact last record whatever the chunk boundaries, multi-byte text included', async () => {
    const store = new FileAuditStore(path);
    const records = Array.from({ length: 40 }, (_, n) => line(n, { text: 'é😀ü'.repeat(n % 7), pad: 'x'.repeat(n) }));
    for (const record of records) await store.append(record);
    for (const chunkBytes of [1, 2, 3, 5, 7, 64, 1 << 16]) {
      expect(await new FileAuditStore(path, { chunkBytes }).readLastRecord()).toEqual(JSON.parse(records.at(-1) as string));
    }
  });

  it('reads only the tail of a large file', async () => {
    const filler = `${line(0, { pad: 'y'.repeat(1000) })}\n`.repeat(4000); // ~4 MB
    await new FileAuditStore(path).append(line(-1));
    await appendFile(path, filler);
    await new FileAuditStore(path).append(line(42));
    // With a 2 KiB scan budget the store can only succeed by reading from the end.
    const store = new FileAuditStore(path, { chunkBytes: 512, maxScanBytes: 2048 });
    expect(await store.readLastRecord()).toEqual({ n: 42 });
  });

  it('gives up (rejects) rather than read further back than maxScanBytes', async () => {
    await new FileAuditStore(path).append(line(1));
    await appendFile(path, `${'garbage '.repeat(1000)}\n`);
    const store = new FileAuditStore(path, { chunkBytes: 256, maxScanBytes: 4096 });
    await expect(store.readLastRecord()).rejects.toBeInstanceOf(AuditStoreError);
  });

  it('skips and reports a torn last line (crash mid-write), returning the record before it', async () => {
    const store = new FileAuditStore(path);
    await store.append(line(1));
    await store.append(line(2));
    await appendFile(path, '{"n":3,"half":"wr');
    const reported: CorruptAuditLine[] = [];
    const reader = new FileAuditStore(path, { onCorruptLine: (corrupt) => reported.push(corrupt), chunkBytes: 4 });
    expect(await reader.readLastRecord()).toEqual({ n: 2 });
    expect(reported).toEqual([{ path, offset: 16, bytes: 17, terminated: false }]);
  });

  it('skips complete garbage lines and non-object JSON too', async () => {
    const store = new FileAuditStore(path);
    await store.append(line(1));
    await appendFile(path, 'not json\n[1,2]\n');
    const reported: CorruptAuditLine[] = [];
    expect(await new FileAuditStore(path, { onCorruptLine: (c) => reported.push(c) }).readLastRecord()).toEqual({ n: 1 });
    expect(reported.map((c) => c.terminated)).toEqual([true, true]);
  });

  it('accepts a complete record that lost only its newline, and the next append starts a new line', async () => {
    const flat = join(dir, 'flat.jsonl');
    await writeFile(flat, '{"n":1}\n{"n":2}');
    const store = new FileAuditStore(flat);
    expect(await store.readLastRecord()).toEqual({ n: 2 });
    await store.append(line(3));
    expect(await readFile(flat, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  });
});

describe('readAuditFile', () => {
  it('returns the records in order and lists corrupt lines', async () => {
    const store = new FileAuditStore(path);
    await store.append(line(1));
    await appendFile(path, '{"torn');
    await new FileAuditStore(path).append(line(2)); // a restart after the crash
    expect(await readAuditFile(path)).toEqual({ records: [{ n: 1 }, { n: 2 }], corruptLines: [2] });
  });

  it('reads a missing file as empty', async () => {
    expect(await readAuditFile(join(dir, 'none.jsonl'))).toEqual({ records: [], corruptLines: [] });
  });
});
