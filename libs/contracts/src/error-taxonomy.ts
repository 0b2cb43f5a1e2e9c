/**
 * The one table of error codes: each code's HTTP status and stable PascalCase type name.
 * HTTP and the tool bridge both render errors through `toErrorPayload`, which reads only this table.
 */
export const ERROR_TAXONOMY = {
  invalid_request: { status: 400, type: 'InvalidRequestError' },
  max_depth_exceeded: { status: 400, type: 'MaxDepthExceededError' },
  unauthorized: { status: 401, type: 'AuthenticationError' },
  forbidden: { status: 403, type: 'AuthorizationError' },
  safety_denied: { status: 403, type: 'SafetyDeniedError' },
  not_found: { status: 404, type: 'NotFoundError' },
  method_not_allowed: { status: 405, type: 'MethodNotAllowedError' },
  invalid_configuration: { status: 409, type: 'InvalidConfigurationError' },
  limit_exceeded: { status: 409, type: 'LimitExceededError' },
  idempotency_in_progress: { status: 409, type: 'IdempotencyInProgressError' },
  run_finished: { status: 409, type: 'RunFinishedError' },
  conformance_unmet: { status: 412, type: 'ConformanceUnmetError' },
  payload_too_large: { status: 413, type: 'PayloadTooLargeError' },
  unsupported_media_type: { status: 415, type: 'UnsupportedMediaTypeError' },
  idempotency_key_reused: { status: 422, type: 'IdempotencyKeyReusedError' },
  confirmation_required: { status: 428, type: 'ConfirmationRequiredError' },
  rate_limited: { status: 429, type: 'RateLimitError' },
  internal_error: { status: 500, type: 'InternalError' },
  runtime_error: { status: 500, type: 'RuntimeError' },
  upstream_failure: { status: 502, type: 'UpstreamFailureError' },
  gate_execution_failure: { status: 503, type: 'GateExecutionError' },
  service_unavailable: { status: 503, type: 'ServiceUnavailableError' },
  upstream_timeout: { status: 504, type: 'UpstreamTimeoutError' },
  step_timeout: { status: 504, type: 'StepTimeoutError' },
} as const satisfies Record<string, { status: number; type: string }>;

export type ErrorCode = keyof typeof ERROR_TAXONOMY;

export const ERROR_CODES = Object.keys(ERROR_TAXONOMY) as ErrorCode[];

export function statusOf(code: ErrorCode): number {
  return ERROR_TAXONOMY[code].status;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_TAXONOMY, value);
}
