// API report of @skill-service/baselines: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export type { BuiltinCapability, CapabilityPorts, JsonSchema } from "./builtin-capability.js";
export { BUILTIN_CAPABILITIES } from "./builtin-capabilities.js";
export type { FetchedPage, PageFetcher, PageFetchOptions } from "./page-fetcher.js";
export { schemaDraft, type SchemaDraft } from "./schema/schema-draft.js";

// ---- builtin-capabilities.d.ts
import type { BuiltinCapability } from "./builtin-capability.js";
export declare const BUILTIN_CAPABILITIES: readonly BuiltinCapability[];

// ---- builtin-capability.d.ts
import type { PageFetcher } from "./page-fetcher.js";
export type JsonSchema = Readonly<Record<string, unknown>>;
export interface CapabilityPorts {
    readonly fetchPage?: PageFetcher;
    readonly signal?: AbortSignal;
}
export interface BuiltinCapability {
    readonly id: string;
    readonly description: string;
    readonly inputSchema: JsonSchema;
    readonly outputSchema: JsonSchema;
    run(input: unknown, ports?: CapabilityPorts): Promise<Record<string, unknown>>;
}

// ---- page-fetcher.d.ts
export interface PageFetchOptions {
    readonly signal: AbortSignal;
    readonly timeoutMs: number;
    readonly maxBytes: number;
}
export interface FetchedPage {
    readonly status: number;
    readonly url: string;
    readonly contentType: string;
    readonly body: string;
}
export type PageFetcher = (url: string, options: PageFetchOptions) => Promise<FetchedPage>;

// ---- schema/schema-draft.d.ts
export type SchemaDraft = "draft-07" | "2019-09" | "2020-12";
export declare function schemaDraft(schema: Readonly<Record<string, unknown>>): SchemaDraft | {
    readonly unsupported: string;
};
