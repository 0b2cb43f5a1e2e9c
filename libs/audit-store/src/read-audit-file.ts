import { open } from 'node:fs/promises';
import { isMissingFile } from './is-missing-file.js';
import { parseJsonObject } from './parse-json-object.js';

export interface AuditFileContents {
  /** Every line that is a JSON object, in file order (feed to `verifyAuditChain`). */
  readonly records: Record<string, unknown>[];
  /** One-based numbers of non-blank lines that are not JSON objects (torn or garbage). */
  readonly corruptLines: number[];
}

/**
 * Reads a whole audit file for verification or inspection, streaming line by line (the records
 * themselves are kept in memory). A missing file reads as empty. Torn lines left by a crash are
 * listed rather than fatal: the chain skips them, since the next record links to the one before.
 */
export async function readAuditFile(path: string): Promise<AuditFileContents> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissingFile(error)) return { records: [], corruptLines: [] };
    throw error;
  }
  const records: Record<string, unknown>[] = [];
  const corruptLines: number[] = [];
  try {
    let lineNumber = 0;
    for await (const line of handle.readLines({ encoding: 'utf8' })) {
      lineNumber += 1;
      if (line.trim() === '') continue;
      const record = parseJsonObject(line);
      if (record === undefined) corruptLines.push(lineNumber);
      else records.push(record);
    }
  } finally {
    await handle.close();
  }
  return { records, corruptLines };
}
