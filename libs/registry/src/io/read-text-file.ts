import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export type ReadOutcome =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: string; readonly message: string };

// fatal: bytes that are not UTF-8 are an error, not silently replaced. A leading BOM is dropped.
const decoder = new TextDecoder('utf-8', { fatal: true });

const errorCode = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? 'unknown error';

/**
 * Reads a UTF-8 text file of at most `maxBytes`. The size is checked on the open descriptor before
 * any content is read, so a huge file costs one `fstat`. Messages never contain the path.
 *
 * Synchronous on purpose: for thousands of small files it is 5–10× faster than `fs/promises`
 * (each promise read is four thread-pool round trips); callers yield between batches.
 */
export function readTextFile(absolutePath: string, maxBytes: number): ReadOutcome {
  let descriptor: number;
  try {
    descriptor = openSync(absolutePath, 'r');
  } catch (error) {
    return { ok: false, code: 'unreadable_file', message: `cannot open the file (${errorCode(error)})` };
  }
  try {
    const info = fstatSync(descriptor);
    if (!info.isFile()) return { ok: false, code: 'unreadable_file', message: 'not a regular file' };
    if (info.size > maxBytes) {
      return { ok: false, code: 'file_too_large', message: `file is ${info.size} bytes, more than the limit of ${maxBytes}` };
    }
    // One byte more than the limit: a file that grew since fstat is caught without reading it all.
    const buffer = Buffer.allocUnsafe(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      read = readSync(descriptor, buffer, length, buffer.length - length, null);
    }
    if (length > maxBytes) return { ok: false, code: 'file_too_large', message: `file is more than the limit of ${maxBytes} bytes` };
    let text: string;
    try {
      text = decoder.decode(buffer.subarray(0, length));
    } catch {
      return { ok: false, code: 'invalid_encoding', message: 'file is not valid UTF-8 text' };
    }
    if (text.includes('\u0000')) return { ok: false, code: 'invalid_encoding', message: 'file contains NUL bytes (binary data?)' };
    return { ok: true, text };
  } catch (error) {
    return { ok: false, code: 'unreadable_file', message: `cannot read the file (${errorCode(error)})` };
  } finally {
    closeSync(descriptor);
  }
}
