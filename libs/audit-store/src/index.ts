/*
 * @skill-service/audit-store — adapters for the engine's AuditStore port. The hash chain, the
 * record format and redaction live in @skill-service/engine; this library only does file I/O.
 */
export { AuditStoreError } from './audit-store-error.js';
export { FileAuditStore, type CorruptAuditLine, type FileAuditStoreOptions } from './file-audit-store.js';
export { readAuditFile, type AuditFileContents } from './read-audit-file.js';
