// API report of @skill-service/contracts: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export * from "./attach.js";
export * from "./binding-definition.js";
export * from "./capability-definition.js";
export * from "./capability-invoker.js";
export * from "./diagnostics.js";
export * from "./discover.js";
export * from "./error-payload.js";
export { MAX_MESSAGE_LENGTH, sanitizeMessage } from "./sanitize-message.js";
export * from "./error-taxonomy.js";
export * from "./execute-request.js";
export * from "./execution-options.js";
export * from "./execution-result.js";
export * from "./field-spec.js";
export * from "./field-specs-json-schema.js";
export * from "./governance.js";
export * from "./identity.js";
export * from "./json-schemas.js";
export * from "./parse-contract.js";
export * from "./query-parameters.js";
export * from "./run-record.js";
export * from "./service-descriptor.js";
export * from "./service-error.js";
export * from "./skill-definition.js";
export * from "./skill-description.js";
export * from "./skill-list.js";
export * from "./skill-summary.js";
export * from "./stream-event.js";
export * from "./webhook.js";
export * from "./webhook-secret.js";

// ---- attach.d.ts
import { z } from "zod";
export declare const AttachRequest: z.ZodObject<{
    trace_id: z.ZodOptional<z.ZodString>;
    required_conformance_profile: z.ZodOptional<z.ZodEnum<{
        experimental: "experimental";
        standard: "standard";
        strict: "strict";
    }>>;
    audit_mode: z.ZodOptional<z.ZodEnum<{
        standard: "standard";
        off: "off";
        full: "full";
    }>>;
    include_trace: z.ZodOptional<z.ZodBoolean>;
    confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
    target_type: z.ZodEnum<{
        output: "output";
        task: "task";
        run: "run";
        transcript: "transcript";
        artifact: "artifact";
    }>;
    target_ref: z.ZodString;
    inputs: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strip>;
export type AttachRequest = z.infer<typeof AttachRequest>;
export declare const AttachContext: z.ZodObject<{
    target_type: z.ZodEnum<{
        output: "output";
        task: "task";
        run: "run";
        transcript: "transcript";
        artifact: "artifact";
    }>;
    target_ref: z.ZodString;
    validation_source: z.ZodEnum<{
        run_store: "run_store";
        execution_history: "execution_history";
        task_reference: "task_reference";
    }>;
    validation_result: z.ZodEnum<{
        run_match: "run_match";
        trace_match: "trace_match";
        task_prefix_match: "task_prefix_match";
    }>;
}, z.core.$strip>;
export type AttachContext = z.infer<typeof AttachContext>;
export declare const AttachResult: z.ZodObject<{
    skill_id: z.ZodString;
    target_type: z.ZodEnum<{
        output: "output";
        task: "task";
        run: "run";
        transcript: "transcript";
        artifact: "artifact";
    }>;
    target_ref: z.ZodString;
    execution: z.ZodObject<{
        skill_id: z.ZodString;
        status: z.ZodLiteral<"completed">;
        outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        trace_id: z.ZodString;
        events: z.ZodOptional<z.ZodArray<z.ZodObject<{
            type: z.ZodEnum<{
                skill_start: "skill_start";
                step_start: "step_start";
                step_completed: "step_completed";
                step_skipped: "step_skipped";
                step_degraded: "step_degraded";
                safety_gate_warning: "safety_gate_warning";
                step_failed: "step_failed";
                skill_completed: "skill_completed";
            }>;
            message: z.ZodString;
            timestamp: z.ZodString;
            step_id: z.ZodNullable<z.ZodString>;
            trace_id: z.ZodString;
            data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>;
    attached_at: z.ZodString;
    attach_context: z.ZodObject<{
        target_type: z.ZodEnum<{
            output: "output";
            task: "task";
            run: "run";
            transcript: "transcript";
            artifact: "artifact";
        }>;
        target_ref: z.ZodString;
        validation_source: z.ZodEnum<{
            run_store: "run_store";
            execution_history: "execution_history";
            task_reference: "task_reference";
        }>;
        validation_result: z.ZodEnum<{
            run_match: "run_match";
            trace_match: "trace_match";
            task_prefix_match: "task_prefix_match";
        }>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type AttachResult = z.infer<typeof AttachResult>;

// ---- binding-definition.d.ts
import { z } from "zod";
export declare const BindingOrigin: z.ZodEnum<{
    official: "official";
    local: "local";
    candidate: "candidate";
}>;
export type BindingOrigin = z.infer<typeof BindingOrigin>;
export declare const BindingDefinition: z.ZodObject<{
    id: z.ZodString;
    capability: z.ZodString;
    service: z.ZodString;
    protocol: z.ZodEnum<{
        pythoncall: "pythoncall";
        openapi: "openapi";
        mcp: "mcp";
        openrpc: "openrpc";
    }>;
    operation: z.ZodString;
    request: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    response: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    status: z.ZodOptional<z.ZodString>;
    origin: z.ZodDefault<z.ZodEnum<{
        official: "official";
        local: "local";
        candidate: "candidate";
    }>>;
    conformance_profile: z.ZodDefault<z.ZodEnum<{
        experimental: "experimental";
        standard: "standard";
        strict: "strict";
    }>>;
    fallback_binding_id: z.ZodOptional<z.ZodString>;
    metadata: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strip>;
export type BindingDefinition = z.infer<typeof BindingDefinition>;
export declare const SelectionPolicy: z.ZodObject<{
    defaults: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    active: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    prefer: z.ZodDefault<z.ZodArray<z.ZodString>>;
}, z.core.$strip>;
export type SelectionPolicy = z.infer<typeof SelectionPolicy>;

// ---- capability-definition.d.ts
import { z } from "zod";
export declare const GateFailureMode: z.ZodEnum<{
    warn: "warn";
    degrade: "degrade";
    block: "block";
    require_human: "require_human";
}>;
export type GateFailureMode = z.infer<typeof GateFailureMode>;
export declare const SafetyGate: z.ZodObject<{
    capability: z.ZodString;
    on_fail: z.ZodDefault<z.ZodEnum<{
        warn: "warn";
        degrade: "degrade";
        block: "block";
        require_human: "require_human";
    }>>;
}, z.core.$strip>;
export type SafetyGate = z.infer<typeof SafetyGate>;
export declare const CapabilitySafety: z.ZodObject<{
    trust_level: z.ZodDefault<z.ZodEnum<{
        standard: "standard";
        sandbox: "sandbox";
        elevated: "elevated";
        privileged: "privileged";
    }>>;
    requires_confirmation: z.ZodDefault<z.ZodBoolean>;
    mandatory_pre_gates: z.ZodDefault<z.ZodArray<z.ZodObject<{
        capability: z.ZodString;
        on_fail: z.ZodDefault<z.ZodEnum<{
            warn: "warn";
            degrade: "degrade";
            block: "block";
            require_human: "require_human";
        }>>;
    }, z.core.$strip>>>;
    mandatory_post_gates: z.ZodDefault<z.ZodArray<z.ZodObject<{
        capability: z.ZodString;
        on_fail: z.ZodDefault<z.ZodEnum<{
            warn: "warn";
            degrade: "degrade";
            block: "block";
            require_human: "require_human";
        }>>;
    }, z.core.$strip>>>;
}, z.core.$loose>;
export type CapabilitySafety = z.infer<typeof CapabilitySafety>;
export declare const CapabilityDefinition: z.ZodObject<{
    id: z.ZodString;
    version: z.ZodString;
    description: z.ZodString;
    inputs: z.ZodRecord<z.ZodString, z.ZodObject<{
        type: z.ZodString;
        required: z.ZodDefault<z.ZodBoolean>;
        description: z.ZodOptional<z.ZodString>;
        default: z.ZodOptional<z.ZodUnknown>;
    }, z.core.$strip>>;
    outputs: z.ZodRecord<z.ZodString, z.ZodObject<{
        type: z.ZodString;
        required: z.ZodDefault<z.ZodBoolean>;
        description: z.ZodOptional<z.ZodString>;
        default: z.ZodOptional<z.ZodUnknown>;
    }, z.core.$strip>>;
    properties: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    metadata: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    cognitive_hints: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    safety: z.ZodOptional<z.ZodObject<{
        trust_level: z.ZodDefault<z.ZodEnum<{
            standard: "standard";
            sandbox: "sandbox";
            elevated: "elevated";
            privileged: "privileged";
        }>>;
        requires_confirmation: z.ZodDefault<z.ZodBoolean>;
        mandatory_pre_gates: z.ZodDefault<z.ZodArray<z.ZodObject<{
            capability: z.ZodString;
            on_fail: z.ZodDefault<z.ZodEnum<{
                warn: "warn";
                degrade: "degrade";
                block: "block";
                require_human: "require_human";
            }>>;
        }, z.core.$strip>>>;
        mandatory_post_gates: z.ZodDefault<z.ZodArray<z.ZodObject<{
            capability: z.ZodString;
            on_fail: z.ZodDefault<z.ZodEnum<{
                warn: "warn";
                degrade: "degrade";
                block: "block";
                require_human: "require_human";
            }>>;
        }, z.core.$strip>>>;
    }, z.core.$loose>>;
    deprecated: z.ZodDefault<z.ZodBoolean>;
    replacement: z.ZodOptional<z.ZodString>;
    requires: z.ZodOptional<z.ZodArray<z.ZodString>>;
    aliases: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strip>;
export type CapabilityDefinition = z.infer<typeof CapabilityDefinition>;

// ---- capability-invoker.d.ts
import type { CapabilityDefinition } from "./capability-definition.js";
import type { ConformanceProfile } from "./execution-options.js";
import type { CapabilityExecutionMeta } from "./execution-result.js";
export interface CapabilityInvocation {
    readonly capability: CapabilityDefinition;
    readonly input: Record<string, unknown>;
    readonly traceId: string;
    readonly signal: AbortSignal;
    readonly timeoutMs: number;
    readonly requiredConformanceProfile?: ConformanceProfile;
    readonly skillId?: string;
    readonly stepId?: string;
}
export interface CapabilityInvocationResult {
    readonly output: unknown;
    readonly meta?: CapabilityExecutionMeta;
}
export interface CapabilityInvoker {
    invoke(invocation: CapabilityInvocation): Promise<CapabilityInvocationResult>;
}

// ---- diagnostics.d.ts
import { z } from "zod";
export declare const CATALOG_OPERATIONS: readonly [
    "list",
    "describe",
    "discover",
    "governance",
    "diagnostics",
    "attach",
    "reset_metrics"
];
export declare const CatalogOperation: z.ZodEnum<{
    attach: "attach";
    list: "list";
    describe: "describe";
    discover: "discover";
    governance: "governance";
    diagnostics: "diagnostics";
    reset_metrics: "reset_metrics";
}>;
export type CatalogOperation = z.infer<typeof CatalogOperation>;
export declare const LoadDiagnostic: z.ZodObject<{
    file: z.ZodString;
    path: z.ZodString;
    code: z.ZodString;
    message: z.ZodString;
    severity: z.ZodEnum<{
        error: "error";
        warning: "warning";
    }>;
    root: z.ZodString;
    suggestion: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type LoadDiagnostic = z.infer<typeof LoadDiagnostic>;
export declare const DiagnosticsReport: z.ZodObject<{
    process: z.ZodObject<{
        started_at: z.ZodString;
        uptime_seconds: z.ZodNumber;
        operation_counts: z.ZodRecord<z.ZodEnum<{
            attach: "attach";
            list: "list";
            describe: "describe";
            discover: "discover";
            governance: "governance";
            diagnostics: "diagnostics";
            reset_metrics: "reset_metrics";
        }>, z.ZodInt>;
    }, z.core.$strip>;
    registry: z.ZodObject<{
        counts: z.ZodObject<{
            skills: z.ZodInt;
            rejected_skills: z.ZodInt;
            capabilities: z.ZodInt;
            services: z.ZodInt;
            bindings: z.ZodInt;
        }, z.core.$strip>;
        diagnostics: z.ZodArray<z.ZodObject<{
            file: z.ZodString;
            path: z.ZodString;
            code: z.ZodString;
            message: z.ZodString;
            severity: z.ZodEnum<{
                error: "error";
                warning: "warning";
            }>;
            root: z.ZodString;
            suggestion: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>>;
        rejected_skills: z.ZodArray<z.ZodString>;
        unbound_capabilities: z.ZodArray<z.ZodString>;
    }, z.core.$strip>;
    providers: z.ZodRecord<z.ZodString, z.ZodObject<{
        status: z.ZodString;
    }, z.core.$loose>>;
    circuit_breakers: z.ZodRecord<z.ZodString, z.ZodObject<{
        state: z.ZodString;
        failures: z.ZodInt;
    }, z.core.$strip>>;
    execution_history: z.ZodObject<{
        skills: z.ZodInt;
        executions: z.ZodInt;
        trace_ids: z.ZodInt;
    }, z.core.$strip>;
}, z.core.$strip>;
export type DiagnosticsReport = z.infer<typeof DiagnosticsReport>;
export declare const MetricsReset: z.ZodObject<{
    reset: z.ZodLiteral<true>;
    diagnostics: z.ZodObject<{
        process: z.ZodObject<{
            started_at: z.ZodString;
            uptime_seconds: z.ZodNumber;
            operation_counts: z.ZodRecord<z.ZodEnum<{
                attach: "attach";
                list: "list";
                describe: "describe";
                discover: "discover";
                governance: "governance";
                diagnostics: "diagnostics";
                reset_metrics: "reset_metrics";
            }>, z.ZodInt>;
        }, z.core.$strip>;
        registry: z.ZodObject<{
            counts: z.ZodObject<{
                skills: z.ZodInt;
                rejected_skills: z.ZodInt;
                capabilities: z.ZodInt;
                services: z.ZodInt;
                bindings: z.ZodInt;
            }, z.core.$strip>;
            diagnostics: z.ZodArray<z.ZodObject<{
                file: z.ZodString;
                path: z.ZodString;
                code: z.ZodString;
                message: z.ZodString;
                severity: z.ZodEnum<{
                    error: "error";
                    warning: "warning";
                }>;
                root: z.ZodString;
                suggestion: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>>;
            rejected_skills: z.ZodArray<z.ZodString>;
            unbound_capabilities: z.ZodArray<z.ZodString>;
        }, z.core.$strip>;
        providers: z.ZodRecord<z.ZodString, z.ZodObject<{
            status: z.ZodString;
        }, z.core.$loose>>;
        circuit_breakers: z.ZodRecord<z.ZodString, z.ZodObject<{
            state: z.ZodString;
            failures: z.ZodInt;
        }, z.core.$strip>>;
        execution_history: z.ZodObject<{
            skills: z.ZodInt;
            executions: z.ZodInt;
            trace_ids: z.ZodInt;
        }, z.core.$strip>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type MetricsReset = z.infer<typeof MetricsReset>;

// ---- discover.d.ts
import { z } from "zod";
export declare const MAX_INTENT_LENGTH = 2000;
export declare const MAX_DISCOVER_LIMIT = 100;
export declare const DEFAULT_DISCOVER_LIMIT = 10;
export declare const DiscoverRequest: z.ZodObject<{
    intent: z.ZodString;
    domain: z.ZodOptional<z.ZodString>;
    role: z.ZodOptional<z.ZodString>;
    limit: z.ZodDefault<z.ZodInt>;
}, z.core.$strip>;
export type DiscoverRequest = z.infer<typeof DiscoverRequest>;
export declare const DiscoverEvidence: z.ZodObject<{
    executions: z.ZodInt;
    successes: z.ZodInt;
    success_rate: z.ZodNullable<z.ZodNumber>;
    p95_duration_ms: z.ZodNullable<z.ZodNumber>;
    matched_terms: z.ZodArray<z.ZodString>;
    bm25: z.ZodNumber;
}, z.core.$strip>;
export type DiscoverEvidence = z.infer<typeof DiscoverEvidence>;
export declare const DiscoverCandidate: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    description: z.ZodString;
    version: z.ZodString;
    domain: z.ZodString;
    channel: z.ZodString;
    status: z.ZodString;
    role: z.ZodNullable<z.ZodString>;
    invocation: z.ZodNullable<z.ZodString>;
    effect_mode: z.ZodNullable<z.ZodString>;
    tags: z.ZodArray<z.ZodString>;
    score: z.ZodNumber;
    reason: z.ZodString;
    reason_codes: z.ZodArray<z.ZodString>;
    score_breakdown: z.ZodRecord<z.ZodString, z.ZodNumber>;
    evidence: z.ZodObject<{
        executions: z.ZodInt;
        successes: z.ZodInt;
        success_rate: z.ZodNullable<z.ZodNumber>;
        p95_duration_ms: z.ZodNullable<z.ZodNumber>;
        matched_terms: z.ZodArray<z.ZodString>;
        bm25: z.ZodNumber;
    }, z.core.$strip>;
}, z.core.$strip>;
export type DiscoverCandidate = z.infer<typeof DiscoverCandidate>;
export declare const DiscoverResult: z.ZodObject<{
    intent: z.ZodString;
    results: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        name: z.ZodString;
        description: z.ZodString;
        version: z.ZodString;
        domain: z.ZodString;
        channel: z.ZodString;
        status: z.ZodString;
        role: z.ZodNullable<z.ZodString>;
        invocation: z.ZodNullable<z.ZodString>;
        effect_mode: z.ZodNullable<z.ZodString>;
        tags: z.ZodArray<z.ZodString>;
        score: z.ZodNumber;
        reason: z.ZodString;
        reason_codes: z.ZodArray<z.ZodString>;
        score_breakdown: z.ZodRecord<z.ZodString, z.ZodNumber>;
        evidence: z.ZodObject<{
            executions: z.ZodInt;
            successes: z.ZodInt;
            success_rate: z.ZodNullable<z.ZodNumber>;
            p95_duration_ms: z.ZodNullable<z.ZodNumber>;
            matched_terms: z.ZodArray<z.ZodString>;
            bm25: z.ZodNumber;
        }, z.core.$strip>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type DiscoverResult = z.infer<typeof DiscoverResult>;

// ---- error-payload.d.ts
import { z } from "zod";
export declare const FieldProblem: z.ZodObject<{
    path: z.ZodString;
    message: z.ZodString;
}, z.core.$strip>;
export type FieldProblem = z.infer<typeof FieldProblem>;
export declare const ErrorPayload: z.ZodObject<{
    error: z.ZodObject<{
        code: z.ZodEnum<{
            invalid_request: "invalid_request";
            max_depth_exceeded: "max_depth_exceeded";
            unauthorized: "unauthorized";
            forbidden: "forbidden";
            safety_denied: "safety_denied";
            not_found: "not_found";
            method_not_allowed: "method_not_allowed";
            invalid_configuration: "invalid_configuration";
            limit_exceeded: "limit_exceeded";
            idempotency_in_progress: "idempotency_in_progress";
            run_finished: "run_finished";
            conformance_unmet: "conformance_unmet";
            payload_too_large: "payload_too_large";
            unsupported_media_type: "unsupported_media_type";
            idempotency_key_reused: "idempotency_key_reused";
            confirmation_required: "confirmation_required";
            rate_limited: "rate_limited";
            internal_error: "internal_error";
            runtime_error: "runtime_error";
            upstream_failure: "upstream_failure";
            gate_execution_failure: "gate_execution_failure";
            service_unavailable: "service_unavailable";
            upstream_timeout: "upstream_timeout";
            step_timeout: "step_timeout";
        }>;
        message: z.ZodString;
        type: z.ZodString;
        details: z.ZodOptional<z.ZodUnknown>;
        hint: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>;
    trace_id: z.ZodNullable<z.ZodString>;
    events: z.ZodOptional<z.ZodArray<z.ZodObject<{
        type: z.ZodEnum<{
            skill_start: "skill_start";
            step_start: "step_start";
            step_completed: "step_completed";
            step_skipped: "step_skipped";
            step_degraded: "step_degraded";
            safety_gate_warning: "safety_gate_warning";
            step_failed: "step_failed";
            skill_completed: "skill_completed";
        }>;
        message: z.ZodString;
        timestamp: z.ZodString;
        step_id: z.ZodNullable<z.ZodString>;
        trace_id: z.ZodString;
        data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strip>>>;
}, z.core.$strip>;
export type ErrorPayload = z.infer<typeof ErrorPayload>;
export declare function httpStatusOf(error: unknown): number;
export declare function toErrorPayload(error: unknown, traceId: string | null): ErrorPayload;

// ---- error-taxonomy.d.ts
export declare const ERROR_TAXONOMY: {
    readonly invalid_request: {
        readonly status: 400;
        readonly type: "InvalidRequestError";
    };
    readonly max_depth_exceeded: {
        readonly status: 400;
        readonly type: "MaxDepthExceededError";
    };
    readonly unauthorized: {
        readonly status: 401;
        readonly type: "AuthenticationError";
    };
    readonly forbidden: {
        readonly status: 403;
        readonly type: "AuthorizationError";
    };
    readonly safety_denied: {
        readonly status: 403;
        readonly type: "SafetyDeniedError";
    };
    readonly not_found: {
        readonly status: 404;
        readonly type: "NotFoundError";
    };
    readonly method_not_allowed: {
        readonly status: 405;
        readonly type: "MethodNotAllowedError";
    };
    readonly invalid_configuration: {
        readonly status: 409;
        readonly type: "InvalidConfigurationError";
    };
    readonly limit_exceeded: {
        readonly status: 409;
        readonly type: "LimitExceededError";
    };
    readonly idempotency_in_progress: {
        readonly status: 409;
        readonly type: "IdempotencyInProgressError";
    };
    readonly run_finished: {
        readonly status: 409;
        readonly type: "RunFinishedError";
    };
    readonly conformance_unmet: {
        readonly status: 412;
        readonly type: "ConformanceUnmetError";
    };
    readonly payload_too_large: {
        readonly status: 413;
        readonly type: "PayloadTooLargeError";
    };
    readonly unsupported_media_type: {
        readonly status: 415;
        readonly type: "UnsupportedMediaTypeError";
    };
    readonly idempotency_key_reused: {
        readonly status: 422;
        readonly type: "IdempotencyKeyReusedError";
    };
    readonly confirmation_required: {
        readonly status: 428;
        readonly type: "ConfirmationRequiredError";
    };
    readonly rate_limited: {
        readonly status: 429;
        readonly type: "RateLimitError";
    };
    readonly internal_error: {
        readonly status: 500;
        readonly type: "InternalError";
    };
    readonly runtime_error: {
        readonly status: 500;
        readonly type: "RuntimeError";
    };
    readonly upstream_failure: {
        readonly status: 502;
        readonly type: "UpstreamFailureError";
    };
    readonly gate_execution_failure: {
        readonly status: 503;
        readonly type: "GateExecutionError";
    };
    readonly service_unavailable: {
        readonly status: 503;
        readonly type: "ServiceUnavailableError";
    };
    readonly upstream_timeout: {
        readonly status: 504;
        readonly type: "UpstreamTimeoutError";
    };
    readonly step_timeout: {
        readonly status: 504;
        readonly type: "StepTimeoutError";
    };
};
export type ErrorCode = keyof typeof ERROR_TAXONOMY;
export declare const ERROR_CODES: ErrorCode[];
export declare function statusOf(code: ErrorCode): number;
export declare function isErrorCode(value: unknown): value is ErrorCode;

// ---- execute-request.d.ts
import { z } from "zod";
export declare const SkillExecuteRequest: z.ZodObject<{
    inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    trace_id: z.ZodOptional<z.ZodString>;
    required_conformance_profile: z.ZodOptional<z.ZodEnum<{
        experimental: "experimental";
        standard: "standard";
        strict: "strict";
    }>>;
    audit_mode: z.ZodOptional<z.ZodEnum<{
        standard: "standard";
        off: "off";
        full: "full";
    }>>;
    include_trace: z.ZodOptional<z.ZodBoolean>;
    confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strip>;
export type SkillExecuteRequest = z.infer<typeof SkillExecuteRequest>;
export declare const SkillStreamRequest: z.ZodObject<{
    inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    trace_id: z.ZodOptional<z.ZodString>;
    required_conformance_profile: z.ZodOptional<z.ZodEnum<{
        experimental: "experimental";
        standard: "standard";
        strict: "strict";
    }>>;
    audit_mode: z.ZodOptional<z.ZodEnum<{
        standard: "standard";
        off: "off";
        full: "full";
    }>>;
    confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
    on_disconnect: z.ZodOptional<z.ZodEnum<{
        cancel: "cancel";
        continue: "continue";
    }>>;
}, z.core.$strip>;
export type SkillStreamRequest = z.infer<typeof SkillStreamRequest>;
export declare const SkillAsyncRequest: z.ZodObject<{
    inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    trace_id: z.ZodOptional<z.ZodString>;
    required_conformance_profile: z.ZodOptional<z.ZodEnum<{
        experimental: "experimental";
        standard: "standard";
        strict: "strict";
    }>>;
    audit_mode: z.ZodOptional<z.ZodEnum<{
        standard: "standard";
        off: "off";
        full: "full";
    }>>;
    confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strip>;
export type SkillAsyncRequest = z.infer<typeof SkillAsyncRequest>;
export declare const CapabilityExecuteRequest: z.ZodObject<{
    inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    trace_id: z.ZodOptional<z.ZodString>;
    required_conformance_profile: z.ZodOptional<z.ZodEnum<{
        experimental: "experimental";
        standard: "standard";
        strict: "strict";
    }>>;
    confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strip>;
export type CapabilityExecuteRequest = z.infer<typeof CapabilityExecuteRequest>;
export declare const CapabilityExplainRequest: z.ZodObject<{
    required_conformance_profile: z.ZodOptional<z.ZodEnum<{
        experimental: "experimental";
        standard: "standard";
        strict: "strict";
    }>>;
}, z.core.$strip>;
export type CapabilityExplainRequest = z.infer<typeof CapabilityExplainRequest>;

// ---- execution-options.d.ts
import { z } from "zod";
export declare const ConformanceProfile: z.ZodEnum<{
    experimental: "experimental";
    standard: "standard";
    strict: "strict";
}>;
export type ConformanceProfile = z.infer<typeof ConformanceProfile>;
export declare const CONFORMANCE_RANK: Record<ConformanceProfile, number>;
export declare const AuditMode: z.ZodEnum<{
    standard: "standard";
    off: "off";
    full: "full";
}>;
export type AuditMode = z.infer<typeof AuditMode>;
export declare const TrustLevel: z.ZodEnum<{
    standard: "standard";
    sandbox: "sandbox";
    elevated: "elevated";
    privileged: "privileged";
}>;
export type TrustLevel = z.infer<typeof TrustLevel>;
export declare const TRUST_RANK: Record<TrustLevel, number>;
export declare const ExecutionChannel: z.ZodString;
export type ExecutionChannel = z.infer<typeof ExecutionChannel>;

// ---- execution-result.d.ts
import { z } from "zod";
export declare const ExecutionResult: z.ZodObject<{
    skill_id: z.ZodString;
    status: z.ZodLiteral<"completed">;
    outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    trace_id: z.ZodString;
    events: z.ZodOptional<z.ZodArray<z.ZodObject<{
        type: z.ZodEnum<{
            skill_start: "skill_start";
            step_start: "step_start";
            step_completed: "step_completed";
            step_skipped: "step_skipped";
            step_degraded: "step_degraded";
            safety_gate_warning: "safety_gate_warning";
            step_failed: "step_failed";
            skill_completed: "skill_completed";
        }>;
        message: z.ZodString;
        timestamp: z.ZodString;
        step_id: z.ZodNullable<z.ZodString>;
        trace_id: z.ZodString;
        data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strip>>>;
}, z.core.$strip>;
export type ExecutionResult = z.infer<typeof ExecutionResult>;
export declare const BindingAttempt: z.ZodObject<{
    binding_id: z.ZodString;
    service_id: z.ZodNullable<z.ZodString>;
    status: z.ZodEnum<{
        success: "success";
        failed: "failed";
        skipped: "skipped";
        circuit_open: "circuit_open";
    }>;
    conformance_profile: z.ZodString;
    skip_reason: z.ZodOptional<z.ZodString>;
    error: z.ZodOptional<z.ZodObject<{
        code: z.ZodString;
        message: z.ZodString;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type BindingAttempt = z.infer<typeof BindingAttempt>;
export declare const ResolutionPlanEntry: z.ZodObject<{
    binding_id: z.ZodString;
    service_id: z.ZodNullable<z.ZodString>;
    protocol: z.ZodString;
    conformance_profile: z.ZodString;
    eligible: z.ZodBoolean;
    reason: z.ZodString;
}, z.core.$strip>;
export declare const ResolutionPlan: z.ZodObject<{
    capability_id: z.ZodString;
    selection_source: z.ZodEnum<{
        local_selection: "local_selection";
        preference_policy: "preference_policy";
        official_default: "official_default";
        first_official: "first_official";
    }>;
    primary_binding_id: z.ZodString;
    required_conformance_profile: z.ZodString;
    chain: z.ZodArray<z.ZodObject<{
        binding_id: z.ZodString;
        service_id: z.ZodNullable<z.ZodString>;
        protocol: z.ZodString;
        conformance_profile: z.ZodString;
        eligible: z.ZodBoolean;
        reason: z.ZodString;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type ResolutionPlan = z.infer<typeof ResolutionPlan>;
export declare const CapabilityExecutionMeta: z.ZodObject<{
    binding_id: z.ZodString;
    service_id: z.ZodNullable<z.ZodString>;
    conformance_profile: z.ZodString;
    required_conformance_profile: z.ZodString;
    fallback_used: z.ZodBoolean;
    fallback_chain: z.ZodArray<z.ZodString>;
    attempts: z.ZodArray<z.ZodObject<{
        binding_id: z.ZodString;
        service_id: z.ZodNullable<z.ZodString>;
        status: z.ZodEnum<{
            success: "success";
            failed: "failed";
            skipped: "skipped";
            circuit_open: "circuit_open";
        }>;
        conformance_profile: z.ZodString;
        skip_reason: z.ZodOptional<z.ZodString>;
        error: z.ZodOptional<z.ZodObject<{
            code: z.ZodString;
            message: z.ZodString;
        }, z.core.$strip>>;
    }, z.core.$strip>>;
    resolution_plan: z.ZodObject<{
        capability_id: z.ZodString;
        selection_source: z.ZodEnum<{
            local_selection: "local_selection";
            preference_policy: "preference_policy";
            official_default: "official_default";
            first_official: "first_official";
        }>;
        primary_binding_id: z.ZodString;
        required_conformance_profile: z.ZodString;
        chain: z.ZodArray<z.ZodObject<{
            binding_id: z.ZodString;
            service_id: z.ZodNullable<z.ZodString>;
            protocol: z.ZodString;
            conformance_profile: z.ZodString;
            eligible: z.ZodBoolean;
            reason: z.ZodString;
        }, z.core.$strip>>;
    }, z.core.$strip>;
    resolution_ms: z.ZodNumber;
}, z.core.$strip>;
export type CapabilityExecutionMeta = z.infer<typeof CapabilityExecutionMeta>;
export declare const CapabilityExecutionResult: z.ZodObject<{
    capability_id: z.ZodString;
    outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    meta: z.ZodOptional<z.ZodObject<{
        binding_id: z.ZodString;
        service_id: z.ZodNullable<z.ZodString>;
        conformance_profile: z.ZodString;
        required_conformance_profile: z.ZodString;
        fallback_used: z.ZodBoolean;
        fallback_chain: z.ZodArray<z.ZodString>;
        attempts: z.ZodArray<z.ZodObject<{
            binding_id: z.ZodString;
            service_id: z.ZodNullable<z.ZodString>;
            status: z.ZodEnum<{
                success: "success";
                failed: "failed";
                skipped: "skipped";
                circuit_open: "circuit_open";
            }>;
            conformance_profile: z.ZodString;
            skip_reason: z.ZodOptional<z.ZodString>;
            error: z.ZodOptional<z.ZodObject<{
                code: z.ZodString;
                message: z.ZodString;
            }, z.core.$strip>>;
        }, z.core.$strip>>;
        resolution_plan: z.ZodObject<{
            capability_id: z.ZodString;
            selection_source: z.ZodEnum<{
                local_selection: "local_selection";
                preference_policy: "preference_policy";
                official_default: "official_default";
                first_official: "first_official";
            }>;
            primary_binding_id: z.ZodString;
            required_conformance_profile: z.ZodString;
            chain: z.ZodArray<z.ZodObject<{
                binding_id: z.ZodString;
                service_id: z.ZodNullable<z.ZodString>;
                protocol: z.ZodString;
                conformance_profile: z.ZodString;
                eligible: z.ZodBoolean;
                reason: z.ZodString;
            }, z.core.$strip>>;
        }, z.core.$strip>;
        resolution_ms: z.ZodNumber;
    }, z.core.$strip>>;
    trace_id: z.ZodString;
}, z.core.$strip>;
export type CapabilityExecutionResult = z.infer<typeof CapabilityExecutionResult>;

// ---- field-spec.d.ts
import { z } from "zod";
export declare const KNOWN_FIELD_TYPES: readonly [
    "string",
    "number",
    "integer",
    "boolean",
    "object",
    "array",
    "any"
];
export declare const FieldSpec: z.ZodObject<{
    type: z.ZodString;
    required: z.ZodDefault<z.ZodBoolean>;
    description: z.ZodOptional<z.ZodString>;
    default: z.ZodOptional<z.ZodUnknown>;
}, z.core.$strip>;
export type FieldSpec = z.infer<typeof FieldSpec>;
export declare const FieldSpecs: z.ZodRecord<z.ZodString, z.ZodObject<{
    type: z.ZodString;
    required: z.ZodDefault<z.ZodBoolean>;
    description: z.ZodOptional<z.ZodString>;
    default: z.ZodOptional<z.ZodUnknown>;
}, z.core.$strip>>;
export type FieldSpecs = z.infer<typeof FieldSpecs>;

// ---- field-specs-json-schema.d.ts
import { type FieldSpecs } from "./field-spec.js";
type JsonSchema = Record<string, unknown>;
export declare function fieldSpecsJsonSchema(fields: FieldSpecs, io: "inputs" | "outputs"): JsonSchema;
export {};

// ---- governance.d.ts
import { z } from "zod";
export declare const LIFECYCLE_STATES: readonly [
    "draft",
    "validated",
    "lab-verified",
    "trusted",
    "recommended"
];
export declare const LifecycleState: z.ZodEnum<{
    draft: "draft";
    validated: "validated";
    "lab-verified": "lab-verified";
    trusted: "trusted";
    recommended: "recommended";
}>;
export type LifecycleState = z.infer<typeof LifecycleState>;
export declare const LIFECYCLE_RANK: Record<LifecycleState, number>;
export declare const GovernanceQuery: z.ZodObject<{
    min_state: z.ZodOptional<z.ZodEnum<{
        draft: "draft";
        validated: "validated";
        "lab-verified": "lab-verified";
        trusted: "trusted";
        recommended: "recommended";
    }>>;
    limit: z.ZodPreprocess<z.ZodDefault<z.ZodInt>, unknown>;
}, z.core.$strip>;
export type GovernanceQuery = z.output<typeof GovernanceQuery>;
export declare const ProfileCoverage: z.ZodObject<{
    covered: z.ZodBoolean;
    unbound_capabilities: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type ProfileCoverage = z.infer<typeof ProfileCoverage>;
export declare const BindingCoverage: z.ZodObject<{
    experimental: z.ZodObject<{
        covered: z.ZodBoolean;
        unbound_capabilities: z.ZodArray<z.ZodString>;
    }, z.core.$strip>;
    standard: z.ZodObject<{
        covered: z.ZodBoolean;
        unbound_capabilities: z.ZodArray<z.ZodString>;
    }, z.core.$strip>;
    strict: z.ZodObject<{
        covered: z.ZodBoolean;
        unbound_capabilities: z.ZodArray<z.ZodString>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type BindingCoverage = z.infer<typeof BindingCoverage>;
export declare const SafetySummary: z.ZodObject<{
    trust_level: z.ZodEnum<{
        standard: "standard";
        sandbox: "sandbox";
        elevated: "elevated";
        privileged: "privileged";
    }>;
    requires_confirmation: z.ZodArray<z.ZodString>;
    gates: z.ZodArray<z.ZodObject<{
        capability: z.ZodString;
        gate: z.ZodString;
        phase: z.ZodEnum<{
            pre: "pre";
            post: "post";
        }>;
        on_fail: z.ZodString;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type SafetySummary = z.infer<typeof SafetySummary>;
export declare const GovernanceEntry: z.ZodObject<{
    skill_id: z.ZodString;
    name: z.ZodString;
    channel: z.ZodString;
    domain: z.ZodString;
    status: z.ZodString;
    lifecycle_state: z.ZodEnum<{
        draft: "draft";
        validated: "validated";
        "lab-verified": "lab-verified";
        trusted: "trusted";
        recommended: "recommended";
    }>;
    lifecycle_source: z.ZodEnum<{
        metadata: "metadata";
        derived: "derived";
    }>;
    deprecated: z.ZodBoolean;
    replacement: z.ZodNullable<z.ZodString>;
    binding_coverage: z.ZodObject<{
        experimental: z.ZodObject<{
            covered: z.ZodBoolean;
            unbound_capabilities: z.ZodArray<z.ZodString>;
        }, z.core.$strip>;
        standard: z.ZodObject<{
            covered: z.ZodBoolean;
            unbound_capabilities: z.ZodArray<z.ZodString>;
        }, z.core.$strip>;
        strict: z.ZodObject<{
            covered: z.ZodBoolean;
            unbound_capabilities: z.ZodArray<z.ZodString>;
        }, z.core.$strip>;
    }, z.core.$strip>;
    safety: z.ZodObject<{
        trust_level: z.ZodEnum<{
            standard: "standard";
            sandbox: "sandbox";
            elevated: "elevated";
            privileged: "privileged";
        }>;
        requires_confirmation: z.ZodArray<z.ZodString>;
        gates: z.ZodArray<z.ZodObject<{
            capability: z.ZodString;
            gate: z.ZodString;
            phase: z.ZodEnum<{
                pre: "pre";
                post: "post";
            }>;
            on_fail: z.ZodString;
        }, z.core.$strip>>;
    }, z.core.$strip>;
    quality_flags: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type GovernanceEntry = z.infer<typeof GovernanceEntry>;
export declare const GovernanceListing: z.ZodObject<{
    summary: z.ZodObject<{
        total_skills: z.ZodInt;
        by_state: z.ZodRecord<z.ZodEnum<{
            draft: "draft";
            validated: "validated";
            "lab-verified": "lab-verified";
            trusted: "trusted";
            recommended: "recommended";
        }>, z.ZodInt>;
    }, z.core.$strip>;
    matching: z.ZodInt;
    skills: z.ZodArray<z.ZodObject<{
        skill_id: z.ZodString;
        name: z.ZodString;
        channel: z.ZodString;
        domain: z.ZodString;
        status: z.ZodString;
        lifecycle_state: z.ZodEnum<{
            draft: "draft";
            validated: "validated";
            "lab-verified": "lab-verified";
            trusted: "trusted";
            recommended: "recommended";
        }>;
        lifecycle_source: z.ZodEnum<{
            metadata: "metadata";
            derived: "derived";
        }>;
        deprecated: z.ZodBoolean;
        replacement: z.ZodNullable<z.ZodString>;
        binding_coverage: z.ZodObject<{
            experimental: z.ZodObject<{
                covered: z.ZodBoolean;
                unbound_capabilities: z.ZodArray<z.ZodString>;
            }, z.core.$strip>;
            standard: z.ZodObject<{
                covered: z.ZodBoolean;
                unbound_capabilities: z.ZodArray<z.ZodString>;
            }, z.core.$strip>;
            strict: z.ZodObject<{
                covered: z.ZodBoolean;
                unbound_capabilities: z.ZodArray<z.ZodString>;
            }, z.core.$strip>;
        }, z.core.$strip>;
        safety: z.ZodObject<{
            trust_level: z.ZodEnum<{
                standard: "standard";
                sandbox: "sandbox";
                elevated: "elevated";
                privileged: "privileged";
            }>;
            requires_confirmation: z.ZodArray<z.ZodString>;
            gates: z.ZodArray<z.ZodObject<{
                capability: z.ZodString;
                gate: z.ZodString;
                phase: z.ZodEnum<{
                    pre: "pre";
                    post: "post";
                }>;
                on_fail: z.ZodString;
            }, z.core.$strip>>;
        }, z.core.$strip>;
        quality_flags: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>;
    min_state: z.ZodNullable<z.ZodEnum<{
        draft: "draft";
        validated: "validated";
        "lab-verified": "lab-verified";
        trusted: "trusted";
        recommended: "recommended";
    }>>;
    limit: z.ZodInt;
}, z.core.$strip>;
export type GovernanceListing = z.infer<typeof GovernanceListing>;

// ---- identity.d.ts
import { z } from "zod";
export declare const ROLES: readonly [
    "reader",
    "executor",
    "operator",
    "admin"
];
export declare const Role: z.ZodEnum<{
    reader: "reader";
    executor: "executor";
    operator: "operator";
    admin: "admin";
}>;
export type Role = z.infer<typeof Role>;
export declare const ROLE_RANK: Record<Role, number>;
export declare function roleAtLeast(role: Role, required: Role): boolean;
export declare const Identity: z.ZodObject<{
    subject: z.ZodString;
    role: z.ZodEnum<{
        reader: "reader";
        executor: "executor";
        operator: "operator";
        admin: "admin";
    }>;
}, z.core.$strip>;
export type Identity = z.infer<typeof Identity>;

// ---- json-schemas.d.ts
import { z } from "zod";
export declare const CONTRACT_SCHEMAS: {
    SkillExecuteRequest: z.ZodObject<{
        inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        trace_id: z.ZodOptional<z.ZodString>;
        required_conformance_profile: z.ZodOptional<z.ZodEnum<{
            experimental: "experimental";
            standard: "standard";
            strict: "strict";
        }>>;
        audit_mode: z.ZodOptional<z.ZodEnum<{
            standard: "standard";
            off: "off";
            full: "full";
        }>>;
        include_trace: z.ZodOptional<z.ZodBoolean>;
        confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strip>;
    SkillStreamRequest: z.ZodObject<{
        inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        trace_id: z.ZodOptional<z.ZodString>;
        required_conformance_profile: z.ZodOptional<z.ZodEnum<{
            experimental: "experimental";
            standard: "standard";
            strict: "strict";
        }>>;
        audit_mode: z.ZodOptional<z.ZodEnum<{
            standard: "standard";
            off: "off";
            full: "full";
        }>>;
        confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
        on_disconnect: z.ZodOptional<z.ZodEnum<{
            cancel: "cancel";
            continue: "continue";
        }>>;
    }, z.core.$strip>;
    SkillAsyncRequest: z.ZodObject<{
        inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        trace_id: z.ZodOptional<z.ZodString>;
        required_conformance_profile: z.ZodOptional<z.ZodEnum<{
            experimental: "experimental";
            standard: "standard";
            strict: "strict";
        }>>;
        audit_mode: z.ZodOptional<z.ZodEnum<{
            standard: "standard";
            off: "off";
            full: "full";
        }>>;
        confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strip>;
    CapabilityExecuteRequest: z.ZodObject<{
        inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        trace_id: z.ZodOptional<z.ZodString>;
        required_conformance_profile: z.ZodOptional<z.ZodEnum<{
            experimental: "experimental";
            standard: "standard";
            strict: "strict";
        }>>;
        confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strip>;
    CapabilityExplainRequest: z.ZodObject<{
        required_conformance_profile: z.ZodOptional<z.ZodEnum<{
            experimental: "experimental";
            standard: "standard";
            strict: "strict";
        }>>;
    }, z.core.$strip>;
    ExecutionResult: z.ZodObject<{
        skill_id: z.ZodString;
        status: z.ZodLiteral<"completed">;
        outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        trace_id: z.ZodString;
        events: z.ZodOptional<z.ZodArray<z.ZodObject<{
            type: z.ZodEnum<{
                skill_start: "skill_start";
                step_start: "step_start";
                step_completed: "step_completed";
                step_skipped: "step_skipped";
                step_degraded: "step_degraded";
                safety_gate_warning: "safety_gate_warning";
                step_failed: "step_failed";
                skill_completed: "skill_completed";
            }>;
            message: z.ZodString;
            timestamp: z.ZodString;
            step_id: z.ZodNullable<z.ZodString>;
            trace_id: z.ZodString;
            data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>;
    CapabilityExecutionResult: z.ZodObject<{
        capability_id: z.ZodString;
        outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        meta: z.ZodOptional<z.ZodObject<{
            binding_id: z.ZodString;
            service_id: z.ZodNullable<z.ZodString>;
            conformance_profile: z.ZodString;
            required_conformance_profile: z.ZodString;
            fallback_used: z.ZodBoolean;
            fallback_chain: z.ZodArray<z.ZodString>;
            attempts: z.ZodArray<z.ZodObject<{
                binding_id: z.ZodString;
                service_id: z.ZodNullable<z.ZodString>;
                status: z.ZodEnum<{
                    success: "success";
                    failed: "failed";
                    skipped: "skipped";
                    circuit_open: "circuit_open";
                }>;
                conformance_profile: z.ZodString;
                skip_reason: z.ZodOptional<z.ZodString>;
                error: z.ZodOptional<z.ZodObject<{
                    code: z.ZodString;
                    message: z.ZodString;
                }, z.core.$strip>>;
            }, z.core.$strip>>;
            resolution_plan: z.ZodObject<{
                capability_id: z.ZodString;
                selection_source: z.ZodEnum<{
                    local_selection: "local_selection";
                    preference_policy: "preference_policy";
                    official_default: "official_default";
                    first_official: "first_official";
                }>;
                primary_binding_id: z.ZodString;
                required_conformance_profile: z.ZodString;
                chain: z.ZodArray<z.ZodObject<{
                    binding_id: z.ZodString;
                    service_id: z.ZodNullable<z.ZodString>;
                    protocol: z.ZodString;
                    conformance_profile: z.ZodString;
                    eligible: z.ZodBoolean;
                    reason: z.ZodString;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            resolution_ms: z.ZodNumber;
        }, z.core.$strip>>;
        trace_id: z.ZodString;
    }, z.core.$strip>;
    ResolutionPlan: z.ZodObject<{
        capability_id: z.ZodString;
        selection_source: z.ZodEnum<{
            local_selection: "local_selection";
            preference_policy: "preference_policy";
            official_default: "official_default";
            first_official: "first_official";
        }>;
        primary_binding_id: z.ZodString;
        required_conformance_profile: z.ZodString;
        chain: z.ZodArray<z.ZodObject<{
            binding_id: z.ZodString;
            service_id: z.ZodNullable<z.ZodString>;
            protocol: z.ZodString;
            conformance_profile: z.ZodString;
            eligible: z.ZodBoolean;
            reason: z.ZodString;
        }, z.core.$strip>>;
    }, z.core.$strip>;
    RunLaunch: z.ZodObject<{
        run_id: z.ZodString;
        skill_id: z.ZodString;
        status: z.ZodLiteral<"running">;
        trace_id: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>;
    RunRecord: z.ZodObject<{
        run_id: z.ZodString;
        skill_id: z.ZodString;
        status: z.ZodEnum<{
            completed: "completed";
            failed: "failed";
            running: "running";
        }>;
        trace_id: z.ZodNullable<z.ZodString>;
        created_at: z.ZodString;
        finished_at: z.ZodNullable<z.ZodString>;
        result: z.ZodNullable<z.ZodObject<{
            skill_id: z.ZodString;
            status: z.ZodLiteral<"completed">;
            outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            trace_id: z.ZodString;
            events: z.ZodOptional<z.ZodArray<z.ZodObject<{
                type: z.ZodEnum<{
                    skill_start: "skill_start";
                    step_start: "step_start";
                    step_completed: "step_completed";
                    step_skipped: "step_skipped";
                    step_degraded: "step_degraded";
                    safety_gate_warning: "safety_gate_warning";
                    step_failed: "step_failed";
                    skill_completed: "skill_completed";
                }>;
                message: z.ZodString;
                timestamp: z.ZodString;
                step_id: z.ZodNullable<z.ZodString>;
                trace_id: z.ZodString;
                data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            }, z.core.$strip>>>;
        }, z.core.$strip>>;
        error: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>;
    RunList: z.ZodObject<{
        runs: z.ZodArray<z.ZodObject<{
            run_id: z.ZodString;
            skill_id: z.ZodString;
            status: z.ZodEnum<{
                completed: "completed";
                failed: "failed";
                running: "running";
            }>;
            trace_id: z.ZodNullable<z.ZodString>;
            created_at: z.ZodString;
            finished_at: z.ZodNullable<z.ZodString>;
            result: z.ZodNullable<z.ZodObject<{
                skill_id: z.ZodString;
                status: z.ZodLiteral<"completed">;
                outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
                trace_id: z.ZodString;
                events: z.ZodOptional<z.ZodArray<z.ZodObject<{
                    type: z.ZodEnum<{
                        skill_start: "skill_start";
                        step_start: "step_start";
                        step_completed: "step_completed";
                        step_skipped: "step_skipped";
                        step_degraded: "step_degraded";
                        safety_gate_warning: "safety_gate_warning";
                        step_failed: "step_failed";
                        skill_completed: "skill_completed";
                    }>;
                    message: z.ZodString;
                    timestamp: z.ZodString;
                    step_id: z.ZodNullable<z.ZodString>;
                    trace_id: z.ZodString;
                    data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strip>>>;
            }, z.core.$strip>>;
            error: z.ZodNullable<z.ZodString>;
        }, z.core.$strip>>;
    }, z.core.$strip>;
    SkillSummary: z.ZodObject<{
        id: z.ZodString;
        name: z.ZodString;
        description: z.ZodString;
        version: z.ZodString;
        domain: z.ZodString;
        channel: z.ZodString;
        status: z.ZodString;
        role: z.ZodNullable<z.ZodString>;
        invocation: z.ZodNullable<z.ZodString>;
        effect_mode: z.ZodNullable<z.ZodString>;
        tags: z.ZodArray<z.ZodString>;
    }, z.core.$strip>;
    SkillList: z.ZodObject<{
        skills: z.ZodArray<z.ZodObject<{
            id: z.ZodString;
            name: z.ZodString;
            description: z.ZodString;
            version: z.ZodString;
            domain: z.ZodString;
            channel: z.ZodString;
            status: z.ZodString;
            role: z.ZodNullable<z.ZodString>;
            invocation: z.ZodNullable<z.ZodString>;
            effect_mode: z.ZodNullable<z.ZodString>;
            tags: z.ZodArray<z.ZodString>;
        }, z.core.$strip>>;
        pagination: z.ZodObject<{
            offset: z.ZodNumber;
            limit: z.ZodNumber;
            total: z.ZodNumber;
            has_more: z.ZodBoolean;
            next_offset: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strip>;
    }, z.core.$strip>;
    SkillDescription: z.ZodObject<{
        id: z.ZodString;
        version: z.ZodString;
        name: z.ZodString;
        description: z.ZodString;
        inputs: z.ZodRecord<z.ZodString, z.ZodObject<{
            type: z.ZodString;
            required: z.ZodBoolean;
            description: z.ZodNullable<z.ZodString>;
            default: z.ZodUnknown;
        }, z.core.$strip>>;
        outputs: z.ZodRecord<z.ZodString, z.ZodObject<{
            type: z.ZodString;
            required: z.ZodBoolean;
            description: z.ZodNullable<z.ZodString>;
            default: z.ZodUnknown;
        }, z.core.$strip>>;
        steps: z.ZodArray<z.ZodObject<{
            id: z.ZodString;
            uses: z.ZodString;
            input: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            output: z.ZodRecord<z.ZodString, z.ZodString>;
        }, z.core.$strip>>;
        deprecated: z.ZodBoolean;
        replacement: z.ZodNullable<z.ZodString>;
        classification: z.ZodNullable<z.ZodObject<{
            role: z.ZodOptional<z.ZodEnum<{
                procedure: "procedure";
                utility: "utility";
                sidecar: "sidecar";
            }>>;
            invocation: z.ZodOptional<z.ZodEnum<{
                direct: "direct";
                attach: "attach";
                both: "both";
            }>>;
            attach_targets: z.ZodOptional<z.ZodArray<z.ZodEnum<{
                output: "output";
                task: "task";
                run: "run";
                transcript: "transcript";
                artifact: "artifact";
            }>>>;
            effect_mode: z.ZodOptional<z.ZodEnum<{
                read_only: "read_only";
                enrich: "enrich";
                control_signal: "control_signal";
            }>>;
        }, z.core.$strip>>;
        tags: z.ZodArray<z.ZodString>;
        status: z.ZodString;
        examples: z.ZodArray<z.ZodObject<{
            description: z.ZodNullable<z.ZodString>;
            inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            outputs: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strip>>;
    }, z.core.$strip>;
    DiscoverRequest: z.ZodObject<{
        intent: z.ZodString;
        domain: z.ZodOptional<z.ZodString>;
        role: z.ZodOptional<z.ZodString>;
        limit: z.ZodDefault<z.ZodInt>;
    }, z.core.$strip>;
    DiscoverResult: z.ZodObject<{
        intent: z.ZodString;
        results: z.ZodArray<z.ZodObject<{
            id: z.ZodString;
            name: z.ZodString;
            description: z.ZodString;
            version: z.ZodString;
            domain: z.ZodString;
            channel: z.ZodString;
            status: z.ZodString;
            role: z.ZodNullable<z.ZodString>;
            invocation: z.ZodNullable<z.ZodString>;
            effect_mode: z.ZodNullable<z.ZodString>;
            tags: z.ZodArray<z.ZodString>;
            score: z.ZodNumber;
            reason: z.ZodString;
            reason_codes: z.ZodArray<z.ZodString>;
            score_breakdown: z.ZodRecord<z.ZodString, z.ZodNumber>;
            evidence: z.ZodObject<{
                executions: z.ZodInt;
                successes: z.ZodInt;
                success_rate: z.ZodNullable<z.ZodNumber>;
                p95_duration_ms: z.ZodNullable<z.ZodNumber>;
                matched_terms: z.ZodArray<z.ZodString>;
                bm25: z.ZodNumber;
            }, z.core.$strip>;
        }, z.core.$strip>>;
    }, z.core.$strip>;
    GovernanceListing: z.ZodObject<{
        summary: z.ZodObject<{
            total_skills: z.ZodInt;
            by_state: z.ZodRecord<z.ZodEnum<{
                draft: "draft";
                validated: "validated";
                "lab-verified": "lab-verified";
                trusted: "trusted";
                recommended: "recommended";
            }>, z.ZodInt>;
        }, z.core.$strip>;
        matching: z.ZodInt;
        skills: z.ZodArray<z.ZodObject<{
            skill_id: z.ZodString;
            name: z.ZodString;
            channel: z.ZodString;
            domain: z.ZodString;
            status: z.ZodString;
            lifecycle_state: z.ZodEnum<{
                draft: "draft";
                validated: "validated";
                "lab-verified": "lab-verified";
                trusted: "trusted";
                recommended: "recommended";
            }>;
            lifecycle_source: z.ZodEnum<{
                metadata: "metadata";
                derived: "derived";
            }>;
            deprecated: z.ZodBoolean;
            replacement: z.ZodNullable<z.ZodString>;
            binding_coverage: z.ZodObject<{
                experimental: z.ZodObject<{
                    covered: z.ZodBoolean;
                    unbound_capabilities: z.ZodArray<z.ZodString>;
                }, z.core.$strip>;
                standard: z.ZodObject<{
                    covered: z.ZodBoolean;
                    unbound_capabilities: z.ZodArray<z.ZodString>;
                }, z.core.$strip>;
                strict: z.ZodObject<{
                    covered: z.ZodBoolean;
                    unbound_capabilities: z.ZodArray<z.ZodString>;
                }, z.core.$strip>;
            }, z.core.$strip>;
            safety: z.ZodObject<{
                trust_level: z.ZodEnum<{
                    standard: "standard";
                    sandbox: "sandbox";
                    elevated: "elevated";
                    privileged: "privileged";
                }>;
                requires_confirmation: z.ZodArray<z.ZodString>;
                gates: z.ZodArray<z.ZodObject<{
                    capability: z.ZodString;
                    gate: z.ZodString;
                    phase: z.ZodEnum<{
                        pre: "pre";
                        post: "post";
                    }>;
                    on_fail: z.ZodString;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            quality_flags: z.ZodArray<z.ZodString>;
        }, z.core.$strip>>;
        min_state: z.ZodNullable<z.ZodEnum<{
            draft: "draft";
            validated: "validated";
            "lab-verified": "lab-verified";
            trusted: "trusted";
            recommended: "recommended";
        }>>;
        limit: z.ZodInt;
    }, z.core.$strip>;
    DiagnosticsReport: z.ZodObject<{
        process: z.ZodObject<{
            started_at: z.ZodString;
            uptime_seconds: z.ZodNumber;
            operation_counts: z.ZodRecord<z.ZodEnum<{
                attach: "attach";
                list: "list";
                describe: "describe";
                discover: "discover";
                governance: "governance";
                diagnostics: "diagnostics";
                reset_metrics: "reset_metrics";
            }>, z.ZodInt>;
        }, z.core.$strip>;
        registry: z.ZodObject<{
            counts: z.ZodObject<{
                skills: z.ZodInt;
                rejected_skills: z.ZodInt;
                capabilities: z.ZodInt;
                services: z.ZodInt;
                bindings: z.ZodInt;
            }, z.core.$strip>;
            diagnostics: z.ZodArray<z.ZodObject<{
                file: z.ZodString;
                path: z.ZodString;
                code: z.ZodString;
                message: z.ZodString;
                severity: z.ZodEnum<{
                    error: "error";
                    warning: "warning";
                }>;
                root: z.ZodString;
                suggestion: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>>;
            rejected_skills: z.ZodArray<z.ZodString>;
            unbound_capabilities: z.ZodArray<z.ZodString>;
        }, z.core.$strip>;
        providers: z.ZodRecord<z.ZodString, z.ZodObject<{
            status: z.ZodString;
        }, z.core.$loose>>;
        circuit_breakers: z.ZodRecord<z.ZodString, z.ZodObject<{
            state: z.ZodString;
            failures: z.ZodInt;
        }, z.core.$strip>>;
        execution_history: z.ZodObject<{
            skills: z.ZodInt;
            executions: z.ZodInt;
            trace_ids: z.ZodInt;
        }, z.core.$strip>;
    }, z.core.$strip>;
    MetricsReset: z.ZodObject<{
        reset: z.ZodLiteral<true>;
        diagnostics: z.ZodObject<{
            process: z.ZodObject<{
                started_at: z.ZodString;
                uptime_seconds: z.ZodNumber;
                operation_counts: z.ZodRecord<z.ZodEnum<{
                    attach: "attach";
                    list: "list";
                    describe: "describe";
                    discover: "discover";
                    governance: "governance";
                    diagnostics: "diagnostics";
                    reset_metrics: "reset_metrics";
                }>, z.ZodInt>;
            }, z.core.$strip>;
            registry: z.ZodObject<{
                counts: z.ZodObject<{
                    skills: z.ZodInt;
                    rejected_skills: z.ZodInt;
                    capabilities: z.ZodInt;
                    services: z.ZodInt;
                    bindings: z.ZodInt;
                }, z.core.$strip>;
                diagnostics: z.ZodArray<z.ZodObject<{
                    file: z.ZodString;
                    path: z.ZodString;
                    code: z.ZodString;
                    message: z.ZodString;
                    severity: z.ZodEnum<{
                        error: "error";
                        warning: "warning";
                    }>;
                    root: z.ZodString;
                    suggestion: z.ZodOptional<z.ZodString>;
                }, z.core.$strip>>;
                rejected_skills: z.ZodArray<z.ZodString>;
                unbound_capabilities: z.ZodArray<z.ZodString>;
            }, z.core.$strip>;
            providers: z.ZodRecord<z.ZodString, z.ZodObject<{
                status: z.ZodString;
            }, z.core.$loose>>;
            circuit_breakers: z.ZodRecord<z.ZodString, z.ZodObject<{
                state: z.ZodString;
                failures: z.ZodInt;
            }, z.core.$strip>>;
            execution_history: z.ZodObject<{
                skills: z.ZodInt;
                executions: z.ZodInt;
                trace_ids: z.ZodInt;
            }, z.core.$strip>;
        }, z.core.$strip>;
    }, z.core.$strip>;
    AttachRequest: z.ZodObject<{
        trace_id: z.ZodOptional<z.ZodString>;
        required_conformance_profile: z.ZodOptional<z.ZodEnum<{
            experimental: "experimental";
            standard: "standard";
            strict: "strict";
        }>>;
        audit_mode: z.ZodOptional<z.ZodEnum<{
            standard: "standard";
            off: "off";
            full: "full";
        }>>;
        include_trace: z.ZodOptional<z.ZodBoolean>;
        confirmed_capabilities: z.ZodOptional<z.ZodArray<z.ZodString>>;
        target_type: z.ZodEnum<{
            output: "output";
            task: "task";
            run: "run";
            transcript: "transcript";
            artifact: "artifact";
        }>;
        target_ref: z.ZodString;
        inputs: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strip>;
    AttachResult: z.ZodObject<{
        skill_id: z.ZodString;
        target_type: z.ZodEnum<{
            output: "output";
            task: "task";
            run: "run";
            transcript: "transcript";
            artifact: "artifact";
        }>;
        target_ref: z.ZodString;
        execution: z.ZodObject<{
            skill_id: z.ZodString;
            status: z.ZodLiteral<"completed">;
            outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            trace_id: z.ZodString;
            events: z.ZodOptional<z.ZodArray<z.ZodObject<{
                type: z.ZodEnum<{
                    skill_start: "skill_start";
                    step_start: "step_start";
                    step_completed: "step_completed";
                    step_skipped: "step_skipped";
                    step_degraded: "step_degraded";
                    safety_gate_warning: "safety_gate_warning";
                    step_failed: "step_failed";
                    skill_completed: "skill_completed";
                }>;
                message: z.ZodString;
                timestamp: z.ZodString;
                step_id: z.ZodNullable<z.ZodString>;
                trace_id: z.ZodString;
                data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            }, z.core.$strip>>>;
        }, z.core.$strip>;
        attached_at: z.ZodString;
        attach_context: z.ZodObject<{
            target_type: z.ZodEnum<{
                output: "output";
                task: "task";
                run: "run";
                transcript: "transcript";
                artifact: "artifact";
            }>;
            target_ref: z.ZodString;
            validation_source: z.ZodEnum<{
                run_store: "run_store";
                execution_history: "execution_history";
                task_reference: "task_reference";
            }>;
            validation_result: z.ZodEnum<{
                run_match: "run_match";
                trace_match: "trace_match";
                task_prefix_match: "task_prefix_match";
            }>;
        }, z.core.$strip>;
    }, z.core.$strip>;
    WebhookSubscriptionRequest: z.ZodObject<{
        url: z.ZodString;
        events: z.ZodArray<z.ZodUnion<readonly [
            z.ZodEnum<{
                "skill.started": "skill.started";
                "skill.completed": "skill.completed";
                "skill.failed": "skill.failed";
                "run.completed": "run.completed";
                "run.failed": "run.failed";
            }>,
            z.ZodLiteral<"*">
        ]>>;
        secret: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>;
    WebhookSubscription: z.ZodObject<{
        id: z.ZodString;
        url: z.ZodString;
        events: z.ZodArray<z.ZodString>;
        active: z.ZodBoolean;
    }, z.core.$strip>;
    WebhookSubscriptionList: z.ZodObject<{
        subscriptions: z.ZodArray<z.ZodObject<{
            id: z.ZodString;
            url: z.ZodString;
            events: z.ZodArray<z.ZodString>;
            active: z.ZodBoolean;
        }, z.core.$strip>>;
    }, z.core.$strip>;
    WebhookDeliveryPayload: z.ZodObject<{
        event: z.ZodEnum<{
            "skill.started": "skill.started";
            "skill.completed": "skill.completed";
            "skill.failed": "skill.failed";
            "run.completed": "run.completed";
            "run.failed": "run.failed";
        }>;
        data: z.ZodObject<{
            skill_id: z.ZodString;
            status: z.ZodString;
            outputs: z.ZodOptional<z.ZodArray<z.ZodString>>;
            error: z.ZodOptional<z.ZodObject<{
                code: z.ZodString;
                message: z.ZodString;
            }, z.core.$strip>>;
            duration_ms: z.ZodNumber;
            run_id: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>;
        timestamp: z.ZodNumber;
        trace_id: z.ZodString;
    }, z.core.$strip>;
    DeadLetter: z.ZodObject<{
        id: z.ZodString;
        subscription_id: z.ZodString;
        url: z.ZodString;
        event: z.ZodEnum<{
            "skill.started": "skill.started";
            "skill.completed": "skill.completed";
            "skill.failed": "skill.failed";
            "run.completed": "run.completed";
            "run.failed": "run.failed";
        }>;
        attempts: z.ZodNumber;
        last_error: z.ZodString;
        failed_at: z.ZodString;
        payload: z.ZodObject<{
            event: z.ZodEnum<{
                "skill.started": "skill.started";
                "skill.completed": "skill.completed";
                "skill.failed": "skill.failed";
                "run.completed": "run.completed";
                "run.failed": "run.failed";
            }>;
            data: z.ZodObject<{
                skill_id: z.ZodString;
                status: z.ZodString;
                outputs: z.ZodOptional<z.ZodArray<z.ZodString>>;
                error: z.ZodOptional<z.ZodObject<{
                    code: z.ZodString;
                    message: z.ZodString;
                }, z.core.$strip>>;
                duration_ms: z.ZodNumber;
                run_id: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>;
            timestamp: z.ZodNumber;
            trace_id: z.ZodString;
        }, z.core.$strip>;
    }, z.core.$strip>;
    StreamEvent: z.ZodObject<{
        type: z.ZodEnum<{
            skill_start: "skill_start";
            step_start: "step_start";
            step_completed: "step_completed";
            step_skipped: "step_skipped";
            step_degraded: "step_degraded";
            safety_gate_warning: "safety_gate_warning";
            step_failed: "step_failed";
            skill_completed: "skill_completed";
        }>;
        message: z.ZodString;
        timestamp: z.ZodString;
        step_id: z.ZodNullable<z.ZodString>;
        trace_id: z.ZodString;
        data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strip>;
    StepCompletedData: z.ZodObject<{
        produced_output: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    }, z.core.$loose>;
    StepFailedData: z.ZodObject<{
        error: z.ZodObject<{
            code: z.ZodString;
            message: z.ZodString;
        }, z.core.$strip>;
    }, z.core.$strip>;
    ErrorPayload: z.ZodObject<{
        error: z.ZodObject<{
            code: z.ZodEnum<{
                invalid_request: "invalid_request";
                max_depth_exceeded: "max_depth_exceeded";
                unauthorized: "unauthorized";
                forbidden: "forbidden";
                safety_denied: "safety_denied";
                not_found: "not_found";
                method_not_allowed: "method_not_allowed";
                invalid_configuration: "invalid_configuration";
                limit_exceeded: "limit_exceeded";
                idempotency_in_progress: "idempotency_in_progress";
                run_finished: "run_finished";
                conformance_unmet: "conformance_unmet";
                payload_too_large: "payload_too_large";
                unsupported_media_type: "unsupported_media_type";
                idempotency_key_reused: "idempotency_key_reused";
                confirmation_required: "confirmation_required";
                rate_limited: "rate_limited";
                internal_error: "internal_error";
                runtime_error: "runtime_error";
                upstream_failure: "upstream_failure";
                gate_execution_failure: "gate_execution_failure";
                service_unavailable: "service_unavailable";
                upstream_timeout: "upstream_timeout";
                step_timeout: "step_timeout";
            }>;
            message: z.ZodString;
            type: z.ZodString;
            details: z.ZodOptional<z.ZodUnknown>;
            hint: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>;
        trace_id: z.ZodNullable<z.ZodString>;
        events: z.ZodOptional<z.ZodArray<z.ZodObject<{
            type: z.ZodEnum<{
                skill_start: "skill_start";
                step_start: "step_start";
                step_completed: "step_completed";
                step_skipped: "step_skipped";
                step_degraded: "step_degraded";
                safety_gate_warning: "safety_gate_warning";
                step_failed: "step_failed";
                skill_completed: "skill_completed";
            }>;
            message: z.ZodString;
            timestamp: z.ZodString;
            step_id: z.ZodNullable<z.ZodString>;
            trace_id: z.ZodString;
            data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>;
    Identity: z.ZodObject<{
        subject: z.ZodString;
        role: z.ZodEnum<{
            reader: "reader";
            executor: "executor";
            operator: "operator";
            admin: "admin";
        }>;
    }, z.core.$strip>;
    ServiceDescriptor: z.ZodObject<{
        id: z.ZodString;
        protocol: z.ZodEnum<{
            pythoncall: "pythoncall";
            openapi: "openapi";
            mcp: "mcp";
            openrpc: "openrpc";
        }>;
        base_url: z.ZodOptional<z.ZodString>;
        auth: z.ZodOptional<z.ZodObject<{
            type: z.ZodEnum<{
                bearer: "bearer";
                api_key: "api_key";
                basic: "basic";
            }>;
            token: z.ZodOptional<z.ZodString>;
            header: z.ZodOptional<z.ZodString>;
            username: z.ZodOptional<z.ZodString>;
            password: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>>;
        headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
        timeout_seconds: z.ZodOptional<z.ZodNumber>;
        spec_path: z.ZodOptional<z.ZodString>;
        status: z.ZodOptional<z.ZodString>;
        command: z.ZodOptional<z.ZodString>;
        args: z.ZodDefault<z.ZodArray<z.ZodString>>;
        server: z.ZodOptional<z.ZodString>;
        env: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
        module: z.ZodOptional<z.ZodString>;
        metadata: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strip>;
    BindingDefinition: z.ZodObject<{
        id: z.ZodString;
        capability: z.ZodString;
        service: z.ZodString;
        protocol: z.ZodEnum<{
            pythoncall: "pythoncall";
            openapi: "openapi";
            mcp: "mcp";
            openrpc: "openrpc";
        }>;
        operation: z.ZodString;
        request: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        response: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        status: z.ZodOptional<z.ZodString>;
        origin: z.ZodDefault<z.ZodEnum<{
            official: "official";
            local: "local";
            candidate: "candidate";
        }>>;
        conformance_profile: z.ZodDefault<z.ZodEnum<{
            experimental: "experimental";
            standard: "standard";
            strict: "strict";
        }>>;
        fallback_binding_id: z.ZodOptional<z.ZodString>;
        metadata: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strip>;
    SelectionPolicy: z.ZodObject<{
        defaults: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
        active: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
        prefer: z.ZodDefault<z.ZodArray<z.ZodString>>;
    }, z.core.$strip>;
    SkillDefinition: z.ZodObject<{
        id: z.ZodString;
        version: z.ZodString;
        name: z.ZodString;
        description: z.ZodString;
        inputs: z.ZodRecord<z.ZodString, z.ZodObject<{
            type: z.ZodString;
            required: z.ZodDefault<z.ZodBoolean>;
            description: z.ZodOptional<z.ZodString>;
            default: z.ZodOptional<z.ZodUnknown>;
        }, z.core.$strip>>;
        outputs: z.ZodRecord<z.ZodString, z.ZodObject<{
            type: z.ZodString;
            required: z.ZodDefault<z.ZodBoolean>;
            description: z.ZodOptional<z.ZodString>;
            default: z.ZodOptional<z.ZodUnknown>;
        }, z.core.$strip>>;
        steps: z.ZodArray<z.ZodObject<{
            id: z.ZodString;
            uses: z.ZodString;
            input: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            output: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
            depends_on: z.ZodOptional<z.ZodArray<z.ZodString>>;
            condition: z.ZodOptional<z.ZodString>;
            retry: z.ZodOptional<z.ZodObject<{
                max_attempts: z.ZodDefault<z.ZodNumber>;
                backoff_seconds: z.ZodDefault<z.ZodNumber>;
                backoff_multiplier: z.ZodDefault<z.ZodNumber>;
            }, z.core.$strip>>;
            timeout_seconds: z.ZodOptional<z.ZodNumber>;
            merge_strategy: z.ZodDefault<z.ZodEnum<{
                overwrite: "overwrite";
                append: "append";
                deep_merge: "deep_merge";
                replace: "replace";
            }>>;
            foreach: z.ZodOptional<z.ZodObject<{
                items: z.ZodString;
                as: z.ZodDefault<z.ZodString>;
                index_as: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>>;
            while: z.ZodOptional<z.ZodObject<{
                condition: z.ZodString;
                max_iterations: z.ZodDefault<z.ZodNumber>;
            }, z.core.$strip>>;
            router: z.ZodOptional<z.ZodObject<{
                on: z.ZodString;
                cases: z.ZodRecord<z.ZodString, z.ZodString>;
                default: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>>;
            scatter: z.ZodOptional<z.ZodObject<{
                capabilities: z.ZodArray<z.ZodString>;
                merge: z.ZodDefault<z.ZodEnum<{
                    collect: "collect";
                    concat_lists: "concat_lists";
                    first_success: "first_success";
                }>>;
            }, z.core.$strip>>;
        }, z.core.$strip>>;
        metadata: z.ZodDefault<z.ZodObject<{
            tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
            category: z.ZodOptional<z.ZodString>;
            status: z.ZodOptional<z.ZodEnum<{
                experimental: "experimental";
                deprecated: "deprecated";
                stable: "stable";
                draft: "draft";
                unspecified: "unspecified";
            }>>;
            use_cases: z.ZodOptional<z.ZodArray<z.ZodString>>;
            examples: z.ZodOptional<z.ZodArray<z.ZodObject<{
                description: z.ZodOptional<z.ZodString>;
                input: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                output: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            }, z.core.$strip>>>;
            classification: z.ZodOptional<z.ZodObject<{
                role: z.ZodOptional<z.ZodEnum<{
                    procedure: "procedure";
                    utility: "utility";
                    sidecar: "sidecar";
                }>>;
                invocation: z.ZodOptional<z.ZodEnum<{
                    direct: "direct";
                    attach: "attach";
                    both: "both";
                }>>;
                attach_targets: z.ZodOptional<z.ZodArray<z.ZodEnum<{
                    output: "output";
                    task: "task";
                    run: "run";
                    transcript: "transcript";
                    artifact: "artifact";
                }>>>;
                effect_mode: z.ZodOptional<z.ZodEnum<{
                    read_only: "read_only";
                    enrich: "enrich";
                    control_signal: "control_signal";
                }>>;
            }, z.core.$strip>>;
            deprecated_by: z.ZodOptional<z.ZodString>;
            deprecation_reason: z.ZodOptional<z.ZodString>;
        }, z.core.$loose>>;
    }, z.core.$strip>;
    CapabilityDefinition: z.ZodObject<{
        id: z.ZodString;
        version: z.ZodString;
        description: z.ZodString;
        inputs: z.ZodRecord<z.ZodString, z.ZodObject<{
            type: z.ZodString;
            required: z.ZodDefault<z.ZodBoolean>;
            description: z.ZodOptional<z.ZodString>;
            default: z.ZodOptional<z.ZodUnknown>;
        }, z.core.$strip>>;
        outputs: z.ZodRecord<z.ZodString, z.ZodObject<{
            type: z.ZodString;
            required: z.ZodDefault<z.ZodBoolean>;
            description: z.ZodOptional<z.ZodString>;
            default: z.ZodOptional<z.ZodUnknown>;
        }, z.core.$strip>>;
        properties: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        metadata: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        cognitive_hints: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        safety: z.ZodOptional<z.ZodObject<{
            trust_level: z.ZodDefault<z.ZodEnum<{
                standard: "standard";
                sandbox: "sandbox";
                elevated: "elevated";
                privileged: "privileged";
            }>>;
            requires_confirmation: z.ZodDefault<z.ZodBoolean>;
            mandatory_pre_gates: z.ZodDefault<z.ZodArray<z.ZodObject<{
                capability: z.ZodString;
                on_fail: z.ZodDefault<z.ZodEnum<{
                    warn: "warn";
                    degrade: "degrade";
                    block: "block";
                    require_human: "require_human";
                }>>;
            }, z.core.$strip>>>;
            mandatory_post_gates: z.ZodDefault<z.ZodArray<z.ZodObject<{
                capability: z.ZodString;
                on_fail: z.ZodDefault<z.ZodEnum<{
                    warn: "warn";
                    degrade: "degrade";
                    block: "block";
                    require_human: "require_human";
                }>>;
            }, z.core.$strip>>>;
        }, z.core.$loose>>;
        deprecated: z.ZodDefault<z.ZodBoolean>;
        replacement: z.ZodOptional<z.ZodString>;
        requires: z.ZodOptional<z.ZodArray<z.ZodString>>;
        aliases: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strip>;
};
export type ContractSchemaName = keyof typeof CONTRACT_SCHEMAS;
export type JsonSchema = Record<string, unknown>;
export declare function jsonSchemaFor(name: ContractSchemaName, io?: "input" | "output"): JsonSchema;

// ---- parse-contract.d.ts
import type { z } from "zod";
import type { FieldProblem } from "./error-payload.js";
export declare function fieldProblemsOf(error: z.ZodError, prefix?: string): FieldProblem[];
export declare function parseContract<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S>;

// ---- query-parameters.d.ts
import { z } from "zod";
export declare function integerParameter(min: number, max: number, fallback: number): z.ZodPreprocess<z.ZodDefault<z.ZodInt>, unknown>;
export declare const filterParameter: z.ZodOptional<z.ZodString>;

// ---- run-record.d.ts
import { z } from "zod";
export declare const RunStatus: z.ZodEnum<{
    completed: "completed";
    failed: "failed";
    running: "running";
}>;
export type RunStatus = z.infer<typeof RunStatus>;
export declare const RunLaunch: z.ZodObject<{
    run_id: z.ZodString;
    skill_id: z.ZodString;
    status: z.ZodLiteral<"running">;
    trace_id: z.ZodNullable<z.ZodString>;
}, z.core.$strip>;
export type RunLaunch = z.infer<typeof RunLaunch>;
export declare const RunRecord: z.ZodObject<{
    run_id: z.ZodString;
    skill_id: z.ZodString;
    status: z.ZodEnum<{
        completed: "completed";
        failed: "failed";
        running: "running";
    }>;
    trace_id: z.ZodNullable<z.ZodString>;
    created_at: z.ZodString;
    finished_at: z.ZodNullable<z.ZodString>;
    result: z.ZodNullable<z.ZodObject<{
        skill_id: z.ZodString;
        status: z.ZodLiteral<"completed">;
        outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        trace_id: z.ZodString;
        events: z.ZodOptional<z.ZodArray<z.ZodObject<{
            type: z.ZodEnum<{
                skill_start: "skill_start";
                step_start: "step_start";
                step_completed: "step_completed";
                step_skipped: "step_skipped";
                step_degraded: "step_degraded";
                safety_gate_warning: "safety_gate_warning";
                step_failed: "step_failed";
                skill_completed: "skill_completed";
            }>;
            message: z.ZodString;
            timestamp: z.ZodString;
            step_id: z.ZodNullable<z.ZodString>;
            trace_id: z.ZodString;
            data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>>;
    error: z.ZodNullable<z.ZodString>;
}, z.core.$strip>;
export type RunRecord = z.infer<typeof RunRecord>;
export declare const RunList: z.ZodObject<{
    runs: z.ZodArray<z.ZodObject<{
        run_id: z.ZodString;
        skill_id: z.ZodString;
        status: z.ZodEnum<{
            completed: "completed";
            failed: "failed";
            running: "running";
        }>;
        trace_id: z.ZodNullable<z.ZodString>;
        created_at: z.ZodString;
        finished_at: z.ZodNullable<z.ZodString>;
        result: z.ZodNullable<z.ZodObject<{
            skill_id: z.ZodString;
            status: z.ZodLiteral<"completed">;
            outputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            trace_id: z.ZodString;
            events: z.ZodOptional<z.ZodArray<z.ZodObject<{
                type: z.ZodEnum<{
                    skill_start: "skill_start";
                    step_start: "step_start";
                    step_completed: "step_completed";
                    step_skipped: "step_skipped";
                    step_degraded: "step_degraded";
                    safety_gate_warning: "safety_gate_warning";
                    step_failed: "step_failed";
                    skill_completed: "skill_completed";
                }>;
                message: z.ZodString;
                timestamp: z.ZodString;
                step_id: z.ZodNullable<z.ZodString>;
                trace_id: z.ZodString;
                data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            }, z.core.$strip>>>;
        }, z.core.$strip>>;
        error: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type RunList = z.infer<typeof RunList>;

// ---- sanitize-message.d.ts
export declare const MAX_MESSAGE_LENGTH = 1000;
export declare function sanitizeMessage(message: string): string;

// ---- service-descriptor.d.ts
import { z } from "zod";
export declare const ProviderProtocol: z.ZodEnum<{
    pythoncall: "pythoncall";
    openapi: "openapi";
    mcp: "mcp";
    openrpc: "openrpc";
}>;
export type ProviderProtocol = z.infer<typeof ProviderProtocol>;
export declare const OutboundAuth: z.ZodObject<{
    type: z.ZodEnum<{
        bearer: "bearer";
        api_key: "api_key";
        basic: "basic";
    }>;
    token: z.ZodOptional<z.ZodString>;
    header: z.ZodOptional<z.ZodString>;
    username: z.ZodOptional<z.ZodString>;
    password: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type OutboundAuth = z.infer<typeof OutboundAuth>;
export declare const ServiceDescriptor: z.ZodObject<{
    id: z.ZodString;
    protocol: z.ZodEnum<{
        pythoncall: "pythoncall";
        openapi: "openapi";
        mcp: "mcp";
        openrpc: "openrpc";
    }>;
    base_url: z.ZodOptional<z.ZodString>;
    auth: z.ZodOptional<z.ZodObject<{
        type: z.ZodEnum<{
            bearer: "bearer";
            api_key: "api_key";
            basic: "basic";
        }>;
        token: z.ZodOptional<z.ZodString>;
        header: z.ZodOptional<z.ZodString>;
        username: z.ZodOptional<z.ZodString>;
        password: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    timeout_seconds: z.ZodOptional<z.ZodNumber>;
    spec_path: z.ZodOptional<z.ZodString>;
    status: z.ZodOptional<z.ZodString>;
    command: z.ZodOptional<z.ZodString>;
    args: z.ZodDefault<z.ZodArray<z.ZodString>>;
    server: z.ZodOptional<z.ZodString>;
    env: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    module: z.ZodOptional<z.ZodString>;
    metadata: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strip>;
export type ServiceDescriptor = z.infer<typeof ServiceDescriptor>;

// ---- service-error.d.ts
import { type ErrorCode } from "./error-taxonomy.js";
export interface ServiceErrorOptions {
    details?: unknown;
    hint?: string;
    cause?: unknown;
}
export declare class ServiceError extends Error {
    readonly code: ErrorCode;
    readonly details?: unknown;
    readonly hint?: string;
    constructor(code: ErrorCode, message: string, options?: ServiceErrorOptions);
    get status(): number;
}
export declare class InvalidRequestError extends ServiceError {
    constructor(message: string, options?: ServiceErrorOptions);
}
export declare class NotFoundError extends ServiceError {
    constructor(message: string, options?: ServiceErrorOptions);
}
export declare class InvalidConfigurationError extends ServiceError {
    constructor(message: string, options?: ServiceErrorOptions);
}
export declare class UpstreamFailureError extends ServiceError {
    constructor(message: string, options?: ServiceErrorOptions);
}
export declare class UpstreamTimeoutError extends ServiceError {
    constructor(message: string, options?: ServiceErrorOptions);
}
export declare function isServiceError(error: unknown): error is ServiceError;

// ---- skill-definition.d.ts
import { z } from "zod";
export declare const MergeStrategy: z.ZodEnum<{
    overwrite: "overwrite";
    append: "append";
    deep_merge: "deep_merge";
    replace: "replace";
}>;
export type MergeStrategy = z.infer<typeof MergeStrategy>;
export declare const RetryPolicy: z.ZodObject<{
    max_attempts: z.ZodDefault<z.ZodNumber>;
    backoff_seconds: z.ZodDefault<z.ZodNumber>;
    backoff_multiplier: z.ZodDefault<z.ZodNumber>;
}, z.core.$strip>;
export type RetryPolicy = z.infer<typeof RetryPolicy>;
export declare const ForeachControl: z.ZodObject<{
    items: z.ZodString;
    as: z.ZodDefault<z.ZodString>;
    index_as: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const WhileControl: z.ZodObject<{
    condition: z.ZodString;
    max_iterations: z.ZodDefault<z.ZodNumber>;
}, z.core.$strip>;
export declare const RouterControl: z.ZodObject<{
    on: z.ZodString;
    cases: z.ZodRecord<z.ZodString, z.ZodString>;
    default: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const ScatterMerge: z.ZodEnum<{
    collect: "collect";
    concat_lists: "concat_lists";
    first_success: "first_success";
}>;
export declare const ScatterControl: z.ZodObject<{
    capabilities: z.ZodArray<z.ZodString>;
    merge: z.ZodDefault<z.ZodEnum<{
        collect: "collect";
        concat_lists: "concat_lists";
        first_success: "first_success";
    }>>;
}, z.core.$strip>;
export declare const SkillStep: z.ZodObject<{
    id: z.ZodString;
    uses: z.ZodString;
    input: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    output: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    depends_on: z.ZodOptional<z.ZodArray<z.ZodString>>;
    condition: z.ZodOptional<z.ZodString>;
    retry: z.ZodOptional<z.ZodObject<{
        max_attempts: z.ZodDefault<z.ZodNumber>;
        backoff_seconds: z.ZodDefault<z.ZodNumber>;
        backoff_multiplier: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strip>>;
    timeout_seconds: z.ZodOptional<z.ZodNumber>;
    merge_strategy: z.ZodDefault<z.ZodEnum<{
        overwrite: "overwrite";
        append: "append";
        deep_merge: "deep_merge";
        replace: "replace";
    }>>;
    foreach: z.ZodOptional<z.ZodObject<{
        items: z.ZodString;
        as: z.ZodDefault<z.ZodString>;
        index_as: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    while: z.ZodOptional<z.ZodObject<{
        condition: z.ZodString;
        max_iterations: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strip>>;
    router: z.ZodOptional<z.ZodObject<{
        on: z.ZodString;
        cases: z.ZodRecord<z.ZodString, z.ZodString>;
        default: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    scatter: z.ZodOptional<z.ZodObject<{
        capabilities: z.ZodArray<z.ZodString>;
        merge: z.ZodDefault<z.ZodEnum<{
            collect: "collect";
            concat_lists: "concat_lists";
            first_success: "first_success";
        }>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type SkillStep = z.infer<typeof SkillStep>;
export declare const AttachTargetType: z.ZodEnum<{
    output: "output";
    task: "task";
    run: "run";
    transcript: "transcript";
    artifact: "artifact";
}>;
export type AttachTargetType = z.infer<typeof AttachTargetType>;
export declare const SkillClassification: z.ZodObject<{
    role: z.ZodOptional<z.ZodEnum<{
        procedure: "procedure";
        utility: "utility";
        sidecar: "sidecar";
    }>>;
    invocation: z.ZodOptional<z.ZodEnum<{
        direct: "direct";
        attach: "attach";
        both: "both";
    }>>;
    attach_targets: z.ZodOptional<z.ZodArray<z.ZodEnum<{
        output: "output";
        task: "task";
        run: "run";
        transcript: "transcript";
        artifact: "artifact";
    }>>>;
    effect_mode: z.ZodOptional<z.ZodEnum<{
        read_only: "read_only";
        enrich: "enrich";
        control_signal: "control_signal";
    }>>;
}, z.core.$strip>;
export type SkillClassification = z.infer<typeof SkillClassification>;
export declare const SkillExample: z.ZodObject<{
    description: z.ZodOptional<z.ZodString>;
    input: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    output: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strip>;
export type SkillExample = z.infer<typeof SkillExample>;
export declare const SkillStatus: z.ZodEnum<{
    experimental: "experimental";
    deprecated: "deprecated";
    stable: "stable";
    draft: "draft";
    unspecified: "unspecified";
}>;
export type SkillStatus = z.infer<typeof SkillStatus>;
export declare const SkillMetadata: z.ZodObject<{
    tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
    category: z.ZodOptional<z.ZodString>;
    status: z.ZodOptional<z.ZodEnum<{
        experimental: "experimental";
        deprecated: "deprecated";
        stable: "stable";
        draft: "draft";
        unspecified: "unspecified";
    }>>;
    use_cases: z.ZodOptional<z.ZodArray<z.ZodString>>;
    examples: z.ZodOptional<z.ZodArray<z.ZodObject<{
        description: z.ZodOptional<z.ZodString>;
        input: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        output: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strip>>>;
    classification: z.ZodOptional<z.ZodObject<{
        role: z.ZodOptional<z.ZodEnum<{
            procedure: "procedure";
            utility: "utility";
            sidecar: "sidecar";
        }>>;
        invocation: z.ZodOptional<z.ZodEnum<{
            direct: "direct";
            attach: "attach";
            both: "both";
        }>>;
        attach_targets: z.ZodOptional<z.ZodArray<z.ZodEnum<{
            output: "output";
            task: "task";
            run: "run";
            transcript: "transcript";
            artifact: "artifact";
        }>>>;
        effect_mode: z.ZodOptional<z.ZodEnum<{
            read_only: "read_only";
            enrich: "enrich";
            control_signal: "control_signal";
        }>>;
    }, z.core.$strip>>;
    deprecated_by: z.ZodOptional<z.ZodString>;
    deprecation_reason: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type SkillMetadata = z.infer<typeof SkillMetadata>;
export declare const SkillDefinition: z.ZodObject<{
    id: z.ZodString;
    version: z.ZodString;
    name: z.ZodString;
    description: z.ZodString;
    inputs: z.ZodRecord<z.ZodString, z.ZodObject<{
        type: z.ZodString;
        required: z.ZodDefault<z.ZodBoolean>;
        description: z.ZodOptional<z.ZodString>;
        default: z.ZodOptional<z.ZodUnknown>;
    }, z.core.$strip>>;
    outputs: z.ZodRecord<z.ZodString, z.ZodObject<{
        type: z.ZodString;
        required: z.ZodDefault<z.ZodBoolean>;
        description: z.ZodOptional<z.ZodString>;
        default: z.ZodOptional<z.ZodUnknown>;
    }, z.core.$strip>>;
    steps: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        uses: z.ZodString;
        input: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        output: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
        depends_on: z.ZodOptional<z.ZodArray<z.ZodString>>;
        condition: z.ZodOptional<z.ZodString>;
        retry: z.ZodOptional<z.ZodObject<{
            max_attempts: z.ZodDefault<z.ZodNumber>;
            backoff_seconds: z.ZodDefault<z.ZodNumber>;
            backoff_multiplier: z.ZodDefault<z.ZodNumber>;
        }, z.core.$strip>>;
        timeout_seconds: z.ZodOptional<z.ZodNumber>;
        merge_strategy: z.ZodDefault<z.ZodEnum<{
            overwrite: "overwrite";
            append: "append";
            deep_merge: "deep_merge";
            replace: "replace";
        }>>;
        foreach: z.ZodOptional<z.ZodObject<{
            items: z.ZodString;
            as: z.ZodDefault<z.ZodString>;
            index_as: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>>;
        while: z.ZodOptional<z.ZodObject<{
            condition: z.ZodString;
            max_iterations: z.ZodDefault<z.ZodNumber>;
        }, z.core.$strip>>;
        router: z.ZodOptional<z.ZodObject<{
            on: z.ZodString;
            cases: z.ZodRecord<z.ZodString, z.ZodString>;
            default: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>>;
        scatter: z.ZodOptional<z.ZodObject<{
            capabilities: z.ZodArray<z.ZodString>;
            merge: z.ZodDefault<z.ZodEnum<{
                collect: "collect";
                concat_lists: "concat_lists";
                first_success: "first_success";
            }>>;
        }, z.core.$strip>>;
    }, z.core.$strip>>;
    metadata: z.ZodDefault<z.ZodObject<{
        tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
        category: z.ZodOptional<z.ZodString>;
        status: z.ZodOptional<z.ZodEnum<{
            experimental: "experimental";
            deprecated: "deprecated";
            stable: "stable";
            draft: "draft";
            unspecified: "unspecified";
        }>>;
        use_cases: z.ZodOptional<z.ZodArray<z.ZodString>>;
        examples: z.ZodOptional<z.ZodArray<z.ZodObject<{
            description: z.ZodOptional<z.ZodString>;
            input: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            output: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strip>>>;
        classification: z.ZodOptional<z.ZodObject<{
            role: z.ZodOptional<z.ZodEnum<{
                procedure: "procedure";
                utility: "utility";
                sidecar: "sidecar";
            }>>;
            invocation: z.ZodOptional<z.ZodEnum<{
                direct: "direct";
                attach: "attach";
                both: "both";
            }>>;
            attach_targets: z.ZodOptional<z.ZodArray<z.ZodEnum<{
                output: "output";
                task: "task";
                run: "run";
                transcript: "transcript";
                artifact: "artifact";
            }>>>;
            effect_mode: z.ZodOptional<z.ZodEnum<{
                read_only: "read_only";
                enrich: "enrich";
                control_signal: "control_signal";
            }>>;
        }, z.core.$strip>>;
        deprecated_by: z.ZodOptional<z.ZodString>;
        deprecation_reason: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
}, z.core.$strip>;
export type SkillDefinition = z.infer<typeof SkillDefinition>;
export declare const NESTED_SKILL_PREFIX = "skill:";

// ---- skill-description.d.ts
import { z } from "zod";
export declare const SkillDescription: z.ZodObject<{
    id: z.ZodString;
    version: z.ZodString;
    name: z.ZodString;
    description: z.ZodString;
    inputs: z.ZodRecord<z.ZodString, z.ZodObject<{
        type: z.ZodString;
        required: z.ZodBoolean;
        description: z.ZodNullable<z.ZodString>;
        default: z.ZodUnknown;
    }, z.core.$strip>>;
    outputs: z.ZodRecord<z.ZodString, z.ZodObject<{
        type: z.ZodString;
        required: z.ZodBoolean;
        description: z.ZodNullable<z.ZodString>;
        default: z.ZodUnknown;
    }, z.core.$strip>>;
    steps: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        uses: z.ZodString;
        input: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        output: z.ZodRecord<z.ZodString, z.ZodString>;
    }, z.core.$strip>>;
    deprecated: z.ZodBoolean;
    replacement: z.ZodNullable<z.ZodString>;
    classification: z.ZodNullable<z.ZodObject<{
        role: z.ZodOptional<z.ZodEnum<{
            procedure: "procedure";
            utility: "utility";
            sidecar: "sidecar";
        }>>;
        invocation: z.ZodOptional<z.ZodEnum<{
            direct: "direct";
            attach: "attach";
            both: "both";
        }>>;
        attach_targets: z.ZodOptional<z.ZodArray<z.ZodEnum<{
            output: "output";
            task: "task";
            run: "run";
            transcript: "transcript";
            artifact: "artifact";
        }>>>;
        effect_mode: z.ZodOptional<z.ZodEnum<{
            read_only: "read_only";
            enrich: "enrich";
            control_signal: "control_signal";
        }>>;
    }, z.core.$strip>>;
    tags: z.ZodArray<z.ZodString>;
    status: z.ZodString;
    examples: z.ZodArray<z.ZodObject<{
        description: z.ZodNullable<z.ZodString>;
        inputs: z.ZodRecord<z.ZodString, z.ZodUnknown>;
        outputs: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type SkillDescription = z.infer<typeof SkillDescription>;

// ---- skill-list.d.ts
import { z } from "zod";
export declare const SkillListQuery: z.ZodObject<{
    domain: z.ZodOptional<z.ZodString>;
    role: z.ZodOptional<z.ZodString>;
    status: z.ZodOptional<z.ZodString>;
    invocation: z.ZodOptional<z.ZodString>;
    offset: z.ZodPreprocess<z.ZodDefault<z.ZodInt>, unknown>;
    limit: z.ZodPreprocess<z.ZodDefault<z.ZodInt>, unknown>;
}, z.core.$strip>;
export type SkillListQuery = z.output<typeof SkillListQuery>;
export declare const Pagination: z.ZodObject<{
    offset: z.ZodNumber;
    limit: z.ZodNumber;
    total: z.ZodNumber;
    has_more: z.ZodBoolean;
    next_offset: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>;
export type Pagination = z.infer<typeof Pagination>;
export declare const SkillList: z.ZodObject<{
    skills: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        name: z.ZodString;
        description: z.ZodString;
        version: z.ZodString;
        domain: z.ZodString;
        channel: z.ZodString;
        status: z.ZodString;
        role: z.ZodNullable<z.ZodString>;
        invocation: z.ZodNullable<z.ZodString>;
        effect_mode: z.ZodNullable<z.ZodString>;
        tags: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>;
    pagination: z.ZodObject<{
        offset: z.ZodNumber;
        limit: z.ZodNumber;
        total: z.ZodNumber;
        has_more: z.ZodBoolean;
        next_offset: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type SkillList = z.infer<typeof SkillList>;

// ---- skill-summary.d.ts
import { z } from "zod";
export declare const SkillSummary: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    description: z.ZodString;
    version: z.ZodString;
    domain: z.ZodString;
    channel: z.ZodString;
    status: z.ZodString;
    role: z.ZodNullable<z.ZodString>;
    invocation: z.ZodNullable<z.ZodString>;
    effect_mode: z.ZodNullable<z.ZodString>;
    tags: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type SkillSummary = z.infer<typeof SkillSummary>;

// ---- stream-event.d.ts
import { z } from "zod";
export declare const ENGINE_EVENT_TYPES: readonly [
    "skill_start",
    "step_start",
    "step_completed",
    "step_skipped",
    "step_degraded",
    "safety_gate_warning",
    "step_failed",
    "skill_completed"
];
export declare const EngineEventType: z.ZodEnum<{
    skill_start: "skill_start";
    step_start: "step_start";
    step_completed: "step_completed";
    step_skipped: "step_skipped";
    step_degraded: "step_degraded";
    safety_gate_warning: "safety_gate_warning";
    step_failed: "step_failed";
    skill_completed: "skill_completed";
}>;
export type EngineEventType = z.infer<typeof EngineEventType>;
export declare const StreamEvent: z.ZodObject<{
    type: z.ZodEnum<{
        skill_start: "skill_start";
        step_start: "step_start";
        step_completed: "step_completed";
        step_skipped: "step_skipped";
        step_degraded: "step_degraded";
        safety_gate_warning: "safety_gate_warning";
        step_failed: "step_failed";
        skill_completed: "skill_completed";
    }>;
    message: z.ZodString;
    timestamp: z.ZodString;
    step_id: z.ZodNullable<z.ZodString>;
    trace_id: z.ZodString;
    data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strip>;
export type StreamEvent = z.infer<typeof StreamEvent>;
export declare const StepCompletedData: z.ZodObject<{
    produced_output: z.ZodRecord<z.ZodString, z.ZodUnknown>;
}, z.core.$loose>;
export declare const StepFailedData: z.ZodObject<{
    error: z.ZodObject<{
        code: z.ZodString;
        message: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;

// ---- webhook-secret.d.ts
export declare const STANDARD_WEBHOOK_SECRET_PREFIX = "whsec_";
export declare const MIN_STANDARD_WEBHOOK_KEY_BYTES = 24;
export type WebhookSigningKey = {
    readonly kind: "standard";
    readonly key: Uint8Array;
} | {
    readonly kind: "raw";
    readonly key: Uint8Array;
} | {
    readonly kind: "invalid";
    readonly problem: string;
};
export declare function webhookSigningKey(secret: string): WebhookSigningKey;

// ---- webhook.d.ts
import { z } from "zod";
export declare const WEBHOOK_EVENTS: readonly [
    "skill.started",
    "skill.completed",
    "skill.failed",
    "run.completed",
    "run.failed"
];
export declare const WebhookEventName: z.ZodEnum<{
    "skill.started": "skill.started";
    "skill.completed": "skill.completed";
    "skill.failed": "skill.failed";
    "run.completed": "run.completed";
    "run.failed": "run.failed";
}>;
export type WebhookEventName = z.infer<typeof WebhookEventName>;
export declare const MAX_WEBHOOK_SUBSCRIPTIONS = 100;
export declare const WebhookSubscriptionRequest: z.ZodObject<{
    url: z.ZodString;
    events: z.ZodArray<z.ZodUnion<readonly [
        z.ZodEnum<{
            "skill.started": "skill.started";
            "skill.completed": "skill.completed";
            "skill.failed": "skill.failed";
            "run.completed": "run.completed";
            "run.failed": "run.failed";
        }>,
        z.ZodLiteral<"*">
    ]>>;
    secret: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type WebhookSubscriptionRequest = z.infer<typeof WebhookSubscriptionRequest>;
export declare const WebhookSubscription: z.ZodObject<{
    id: z.ZodString;
    url: z.ZodString;
    events: z.ZodArray<z.ZodString>;
    active: z.ZodBoolean;
}, z.core.$strip>;
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;
export declare const WebhookSubscriptionList: z.ZodObject<{
    subscriptions: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        url: z.ZodString;
        events: z.ZodArray<z.ZodString>;
        active: z.ZodBoolean;
    }, z.core.$strip>>;
}, z.core.$strip>;
export declare const WebhookEventData: z.ZodObject<{
    skill_id: z.ZodString;
    status: z.ZodString;
    outputs: z.ZodOptional<z.ZodArray<z.ZodString>>;
    error: z.ZodOptional<z.ZodObject<{
        code: z.ZodString;
        message: z.ZodString;
    }, z.core.$strip>>;
    duration_ms: z.ZodNumber;
    run_id: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type WebhookEventData = z.infer<typeof WebhookEventData>;
export declare const WebhookDeliveryPayload: z.ZodObject<{
    event: z.ZodEnum<{
        "skill.started": "skill.started";
        "skill.completed": "skill.completed";
        "skill.failed": "skill.failed";
        "run.completed": "run.completed";
        "run.failed": "run.failed";
    }>;
    data: z.ZodObject<{
        skill_id: z.ZodString;
        status: z.ZodString;
        outputs: z.ZodOptional<z.ZodArray<z.ZodString>>;
        error: z.ZodOptional<z.ZodObject<{
            code: z.ZodString;
            message: z.ZodString;
        }, z.core.$strip>>;
        duration_ms: z.ZodNumber;
        run_id: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>;
    timestamp: z.ZodNumber;
    trace_id: z.ZodString;
}, z.core.$strip>;
export type WebhookDeliveryPayload = z.infer<typeof WebhookDeliveryPayload>;
export declare const DeadLetter: z.ZodObject<{
    id: z.ZodString;
    subscription_id: z.ZodString;
    url: z.ZodString;
    event: z.ZodEnum<{
        "skill.started": "skill.started";
        "skill.completed": "skill.completed";
        "skill.failed": "skill.failed";
        "run.completed": "run.completed";
        "run.failed": "run.failed";
    }>;
    attempts: z.ZodNumber;
    last_error: z.ZodString;
    failed_at: z.ZodString;
    payload: z.ZodObject<{
        event: z.ZodEnum<{
            "skill.started": "skill.started";
            "skill.completed": "skill.completed";
            "skill.failed": "skill.failed";
            "run.completed": "run.completed";
            "run.failed": "run.failed";
        }>;
        data: z.ZodObject<{
            skill_id: z.ZodString;
            status: z.ZodString;
            outputs: z.ZodOptional<z.ZodArray<z.ZodString>>;
            error: z.ZodOptional<z.ZodObject<{
                code: z.ZodString;
                message: z.ZodString;
            }, z.core.$strip>>;
            duration_ms: z.ZodNumber;
            run_id: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>;
        timestamp: z.ZodNumber;
        trace_id: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export type DeadLetter = z.infer<typeof DeadLetter>;
