import { appendFile, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuditStore } from '@skill-service/engine';
import { AuditStoreError } from './audit-store-error.js';
import { isMissingFile } from './is-missing-file.js';
import { linesFromEnd } from './lines-from-end.js';
import { parseJsonObject } from './parse-json-object.js';

/** A line of the file that is not a JSON object: torn by a crash mid-write, or garbage. */
export interface CorruptAuditLine {
  readonly path: string;
  /** Byte offset of the line in the file. */
  readonly offset: number;
  readonly bytes: number;
  /** False for a torn last line (no newline after it). */
  readonly terminated: boolean;
}

export interface FileAuditStoreOptions {
  /** Told about every corrupt line skipped while looking for the last record. */
  readonly onCorruptLine?: (line: CorruptAuditLine) => void;
  /** Size of each backwards read (default 64 KiB). */
  readonly chunkBytes?: number;
  /** How far back to look for a complete record before giving up (default 64 MiB). */
  readonly maxScanBytes?: number;
  /** Permissions of a newly created file (default 0o600: records may hold sanitised user data). */
  readonly fileMode?: number;
}

const DEFAULT_CHUNK_BYTES = 64 * 1024;
const DEFAULT_MAX_SCAN_BYTES = 64 * 1024 * 1024;

/**
 * The engine's AuditStore as a JSON-lines file.
 *
 * - `append` writes one record with a single O_APPEND `appendFile`, so a line is never split by
 *   another writer, and creates the parent directory on first use.
 * - `readLastRecord` reads only the tail, backwards in chunks; a missing or empty file has no
 *   record; a torn last line (a crash mid-write) or any other non-JSON line is skipped and
 *   reported, and the record before it is returned.
 * - After a torn line, the next append starts with a newline so the new record gets a line of its
 *   own instead of being glued to the fragment.
 */
export class FileAuditStore implements AuditStore {
  readonly path: string;
  private readonly options: FileAuditStoreOptions;
  private directory: Promise<unknown> | undefined;
  /** Whether the file might end without a newline (unknown at start, or after a failed append). */
  private tailUnchecked = true;

  constructor(path: string, options: FileAuditStoreOptions = {}) {
    this.path = path;
    this.options = options;
  }

  async readLastRecord(): Promise<Record<string, unknown> | null> {
    let handle;
    try {
      handle = await open(this.path, 'r');
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const lines = linesFromEnd(handle, size, {
        chunkBytes: this.options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
        maxScanBytes: this.options.maxScanBytes ?? DEFAULT_MAX_SCAN_BYTES,
      });
      for await (const line of lines) {
        const text = line.bytes.toString('utf8').trim();
        if (text === '') continue;
        const record = parseJsonObject(text);
        if (record !== undefined) return record;
        this.report({ path: this.path, offset: line.offset, bytes: line.bytes.length, terminated: line.terminated });
      }
      return null;
    } finally {
      await handle.close();
    }
  }

  async append(line: string): Promise<void> {
    if (/[\r\n]/.test(line)) throw new AuditStoreError('an audit line must not contain a line break');
    await this.ensureDirectory();
    const prefix = this.tailUnchecked && (await this.endsMidLine()) ? '\n' : '';
    try {
      await appendFile(this.path, `${prefix}${line}\n`, { encoding: 'utf8', flag: 'a', mode: this.options.fileMode ?? 0o600 });
      this.tailUnchecked = false;
    } catch (error) {
      // A failed write may have left part of the line behind.
      this.tailUnchecked = true;
      throw error;
    }
  }

  private ensureDirectory(): Promise<unknown> {
    this.directory ??= mkdir(dirname(this.path), { recursive: true }).catch((error: unknown) => {
      this.directory = undefined; // try again on the next append
      throw error;
    });
    return this.directory;
  }

  private async endsMidLine(): Promise<boolean> {
    let handle;
    try {
      handle = await open(this.path, 'r');
    } catch (error) {
      if (isMissingFile(error)) return false;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      if (size === 0) return false;
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      return last[0] !== 0x0a;
    } finally {
      await handle.close();
    }
  }

  private report(line: CorruptAuditLine): void {
    try {
      this.options.onCorruptLine?.(line);
    } catch {
      // Reporting is best effort; finding the record is what matters.
    }
  }
}
