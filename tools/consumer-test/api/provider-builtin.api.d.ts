// API report of @skill-service/provider-builtin: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { createBuiltinMcpServer, type BuiltinMcpServerOptions } from "./create-builtin-mcp-server.js";

// ---- create-builtin-mcp-server.d.ts
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { type BuiltinCapability, type PageFetcher } from "@skill-service/baselines";
export interface BuiltinMcpServerOptions {
    readonly fetchPage?: PageFetcher;
    readonly log?: (message: string) => void;
    readonly capabilities?: readonly BuiltinCapability[];
}
export declare function createBuiltinMcpServer(options?: BuiltinMcpServerOptions): Server;
