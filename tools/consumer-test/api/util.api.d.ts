// API report of @skill-service/util: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { abortableSleep } from "./abortable-sleep.js";
export { CanonicalJsonError, type CanonicalJsonErrorReason } from "./canonical-json-error.js";
export { canonicalJson, type CanonicalJsonOptions } from "./canonical-json.js";
export { LineSplitter, type LineSplitterOptions, type SplitLine } from "./line-splitter.js";

// ---- abortable-sleep.d.ts
export declare function abortableSleep(ms: number, signal: AbortSignal): Promise<void>;

// ---- canonical-json-error.d.ts
export type CanonicalJsonErrorReason = "cycle" | "depth" | "unsupported";
export declare class CanonicalJsonError extends Error {
    name: string;
    readonly reason: CanonicalJsonErrorReason;
    readonly path: string;
    constructor(message: string, reason: CanonicalJsonErrorReason, path: string);
}

// ---- canonical-json.d.ts
export interface CanonicalJsonOptions {
    readonly maxDepth?: number;
}
export declare function canonicalJson(value: unknown, options?: CanonicalJsonOptions): string;

// ---- line-splitter.d.ts
export type SplitLine = {
    readonly kind: "line";
    readonly text: string;
} | {
    readonly kind: "oversize";
    readonly head: string;
};
export interface LineSplitterOptions {
    readonly headBytes?: number;
}
export declare class LineSplitter {
    #private;
    constructor(maxBytes: number, options?: LineSplitterOptions);
    push(chunk: Buffer): SplitLine[];
    end(): SplitLine[];
}
