// API report of @skill-service/provider-builtin: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { createBuiltinTools, type BuiltinTools, type BuiltinToolsOptions } from "./builtin-tools.js";
export { createBuiltinMcpServer, type BuiltinMcpServerOptions } from "./create-builtin-mcp-server.js";

// ---- builtin-tools.d.ts
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { type BuiltinCapability, type PageFetcher } from "@skill-service/baselines";
export interface BuiltinToolsOptions {
    readonly fetchPage?: PageFetcher;
    readonly log?: (message: string) => void;
    readonly capabilities?: readonly BuiltinCapability[];
}
export interface BuiltinTools {
    readonly serverInfo: {
        readonly name: string;
        readonly version: string;
    };
    readonly tools: readonly Tool[];
    callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult | undefined>;
}
export declare function createBuiltinTools(options?: BuiltinToolsOptions): BuiltinTools;

// ---- create-builtin-mcp-server.d.ts
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { type BuiltinToolsOptions } from "./builtin-tools.js";
export type BuiltinMcpServerOptions = BuiltinToolsOptions;
export declare function createBuiltinMcpServer(options?: BuiltinMcpServerOptions): Server;
