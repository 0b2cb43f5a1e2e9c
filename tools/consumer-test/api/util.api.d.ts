// API report of @skill-service/util: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { abortableSleep } from "./abortable-sleep.js";
export { CanonicalJsonError, type CanonicalJsonErrorReason } from "./canonical-json-error.js";
export { canonicalJson, type CanonicalJsonOptions } from "./canonical-json.js";
export { copyJson } from "./copy-json.js";
export { LineSplitter, type LineSplitterOptions, type SplitLine } from "./line-splitter.js";
export { SPAN_ATTRIBUTES, type SpanAttributeMap, type SpanAttributeValue } from "./tracing/span-attributes.js";
export { activeTraceparent, activeTraceUuid, extractCarrier, injectCarrier, type TraceCarrier } from "./tracing/trace-carrier.js";
export { activeTraceContext, bindTraceContext, contextWithSpan, failSpan, markSpanFailed, setSpanAttributes, startSpan, traced, withTraceContext, type SpanOptions, type TraceContext, type TracedSpan, } from "./tracing/traced.js";

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

// ---- copy-json.d.ts
export declare function copyJson<T>(value: T): T;

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

// ---- tracing/span-attributes.d.ts
export declare const SPAN_ATTRIBUTES: {
    readonly errorType: "error.type";
    readonly httpMethod: "http.request.method";
    readonly httpRoute: "http.route";
    readonly httpStatus: "http.response.status_code";
    readonly httpResendCount: "http.request.resend_count";
    readonly serverAddress: "server.address";
    readonly serverPort: "server.port";
    readonly urlFull: "url.full";
    readonly urlScheme: "url.scheme";
    readonly mcpMethod: "mcp.method.name";
    readonly toolName: "gen_ai.tool.name";
    readonly traceId: "skill_service.trace_id";
    readonly skillId: "skill_service.skill.id";
    readonly channel: "skill_service.channel";
    readonly outcome: "skill_service.outcome";
    readonly depth: "skill_service.depth";
    readonly stepId: "skill_service.step.id";
    readonly stepKind: "skill_service.step.kind";
    readonly attempt: "skill_service.attempt";
    readonly attempts: "skill_service.attempts";
    readonly capabilityId: "skill_service.capability.id";
    readonly bindingId: "skill_service.binding.id";
    readonly bindingChain: "skill_service.binding.chain";
    readonly fallbackUsed: "skill_service.binding.fallback_used";
    readonly serviceId: "skill_service.service.id";
    readonly protocol: "skill_service.protocol";
    readonly operation: "skill_service.operation";
    readonly runId: "skill_service.run.id";
    readonly webhookEvent: "skill_service.webhook.event";
    readonly webhookId: "skill_service.webhook.id";
};
export type SpanAttributeValue = string | number | boolean;
export type SpanAttributeMap = Readonly<Record<string, SpanAttributeValue | undefined>>;

// ---- tracing/trace-carrier.d.ts
import { type Context } from "@opentelemetry/api";
export type TraceCarrier = Record<string, string>;
export declare function injectCarrier(from?: Context): TraceCarrier;
export declare function extractCarrier(carrier: Readonly<Record<string, unknown>> | undefined, base?: Context): Context;
export declare function activeTraceparent(): string | undefined;
export declare function activeTraceUuid(): string | undefined;

// ---- tracing/traced.d.ts
import { type Context, type Span } from "@opentelemetry/api";
import type { SpanAttributeMap } from "./span-attributes.js";
export type TracedSpan = Span;
export type TraceContext = Context;
export interface SpanOptions {
    readonly kind?: "internal" | "server" | "client";
    readonly attributes?: SpanAttributeMap;
    readonly parent?: Context;
}
export declare function setSpanAttributes(span: Span, attributes: SpanAttributeMap): void;
export declare function startSpan(name: string, options?: SpanOptions): Span;
export declare function markSpanFailed(span: Span, type: string): void;
export declare function failSpan(span: Span, error: unknown): void;
export declare function traced<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T>;
export declare function activeTraceContext(): Context;
export declare function withTraceContext<T>(parent: Context, work: () => T): T;
export declare function bindTraceContext<F extends (...args: never[]) => unknown>(fn: F): F;
export declare function contextWithSpan(parent: Context, span: Span): Context;
