/**
 * A failure of the audit file itself (not of the file system call): a line that cannot be a
 * record, or a tail with no complete record in the part we are willing to read.
 */
export class AuditStoreError extends Error {
  override name = 'AuditStoreError';
}
