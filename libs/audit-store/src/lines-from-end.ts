import type { FileHandle } from 'node:fs/promises';
import { AuditStoreError } from './audit-store-error.js';

export interface TailLine {
  /** Byte offset of the line's first byte. */
  readonly offset: number;
  /** The line without its terminator (raw bytes: a chunk boundary may fall inside a character). */
  readonly bytes: Buffer;
  /** False only for the text after the file's last newline: a line still being written, or torn. */
  readonly terminated: boolean;
}

export interface LinesFromEndOptions {
  readonly chunkBytes: number;
  /** Refuse to read further back than this many bytes from the end. */
  readonly maxScanBytes: number;
}

/**
 * The lines of the first `size` bytes of a file, last line first, read backwards in chunks, so
 * finding the last record of a multi-GB log costs one small read. Splitting on the byte 0x0A is
 * safe in UTF-8 (it never occurs inside a multi-byte character). The caller stops early by
 * leaving the loop; it owns (and closes) the handle.
 */
export async function* linesFromEnd(handle: FileHandle, size: number, options: LinesFromEndOptions): AsyncGenerator<TailLine> {
  const chunkBytes = Math.max(1, Math.floor(options.chunkBytes));
  let position = size;
  // Pieces of the line being assembled, in file order; none contains a newline.
  let pieces: Buffer[] = [];
  let terminated = false;
  while (position > 0) {
    const start = Math.max(0, position - chunkBytes);
    if (size - start > options.maxScanBytes) {
      throw new AuditStoreError(`no complete record in the last ${options.maxScanBytes} bytes of the audit file`);
    }
    const chunk = await readAt(handle, start, position - start);
    position = start;
    let end = chunk.length;
    while (end > 0) {
      const newline = chunk.lastIndexOf(0x0a, end - 1);
      if (newline === -1) break;
      yield { offset: start + newline + 1, bytes: Buffer.concat([chunk.subarray(newline + 1, end), ...pieces]), terminated };
      pieces = [];
      terminated = true;
      end = newline;
    }
    if (end > 0) pieces.unshift(chunk.subarray(0, end));
  }
  yield { offset: 0, bytes: Buffer.concat(pieces), terminated };
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) throw new AuditStoreError('the audit file shrank while it was being read');
    filled += bytesRead;
  }
  return buffer;
}
