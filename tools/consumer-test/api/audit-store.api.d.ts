// API report of @skill-service/audit-store: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { AuditStoreError } from "./audit-store-error.js";
export { FileAuditStore, type CorruptAuditLine, type FileAuditStoreOptions } from "./file-audit-store.js";
export { readAuditFile, type AuditFileContents } from "./read-audit-file.js";

// ---- audit-store-error.d.ts
export declare class AuditStoreError extends Error {
    name: string;
}

// ---- file-audit-store.d.ts
import type { AuditStore } from "@skill-service/engine";
export interface CorruptAuditLine {
    readonly path: string;
    readonly offset: number;
    readonly bytes: number;
    readonly terminated: boolean;
}
export interface FileAuditStoreOptions {
    readonly onCorruptLine?: (line: CorruptAuditLine) => void;
    readonly chunkBytes?: number;
    readonly maxScanBytes?: number;
    readonly fileMode?: number;
}
export declare class FileAuditStore implements AuditStore {
    readonly path: string;
    private readonly options;
    private directory;
    private tailUnchecked;
    constructor(path: string, options?: FileAuditStoreOptions);
    readLastRecord(): Promise<Record<string, unknown> | null>;
    append(line: string): Promise<void>;
    private ensureDirectory;
    private endsMidLine;
    private report;
}

// ---- read-audit-file.d.ts
export interface AuditFileContents {
    readonly records: Record<string, unknown>[];
    readonly corruptLines: number[];
}
export declare function readAuditFile(path: string): Promise<AuditFileContents>;
