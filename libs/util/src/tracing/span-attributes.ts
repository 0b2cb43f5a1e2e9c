/**
 * Attribute names of the service's spans: OpenTelemetry's semantic conventions where one exists
 * (HTTP, errors, MCP tool calls), `skill_service.*` for the rest. Values are ids, names, counts and
 * statuses only: never inputs, outputs, messages or credentials.
 */
export const SPAN_ATTRIBUTES = {
  errorType: 'error.type',
  httpMethod: 'http.request.method',
  httpRoute: 'http.route',
  httpStatus: 'http.response.status_code',
  httpResendCount: 'http.request.resend_count',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  urlFull: 'url.full',
  urlScheme: 'url.scheme',
  mcpMethod: 'mcp.method.name',
  toolName: 'gen_ai.tool.name',
  traceId: 'skill_service.trace_id',
  skillId: 'skill_service.skill.id',
  channel: 'skill_service.channel',
  outcome: 'skill_service.outcome',
  depth: 'skill_service.depth',
  stepId: 'skill_service.step.id',
  stepKind: 'skill_service.step.kind',
  attempt: 'skill_service.attempt',
  attempts: 'skill_service.attempts',
  capabilityId: 'skill_service.capability.id',
  bindingId: 'skill_service.binding.id',
  bindingChain: 'skill_service.binding.chain',
  fallbackUsed: 'skill_service.binding.fallback_used',
  serviceId: 'skill_service.service.id',
  protocol: 'skill_service.protocol',
  operation: 'skill_service.operation',
  runId: 'skill_service.run.id',
  webhookEvent: 'skill_service.webhook.event',
  webhookId: 'skill_service.webhook.id',
} as const;

export type SpanAttributeValue = string | number | boolean;
/** Undefined values are left out, so callers can pass optional fields as they are. */
export type SpanAttributeMap = Readonly<Record<string, SpanAttributeValue | undefined>>;
