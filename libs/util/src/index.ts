/**
 * @skill-service/util — the small helpers every layer shares, each with one home: canonical JSON
 * (sorted keys, for hashing and comparing values), a deep copy of JSON values, an abortable sleep, and a line splitter that
 * bounds the memory one line may take, and the span helpers of OpenTelemetry's API (no-ops until
 * an app registers the SDK). Stack-safe whatever the input's size; no I/O, no environment.
 */
export { abortableSleep } from './abortable-sleep.js';
export { CanonicalJsonError, type CanonicalJsonErrorReason } from './canonical-json-error.js';
export { canonicalJson, type CanonicalJsonOptions } from './canonical-json.js';
export { copyJson } from './copy-json.js';
export { LineSplitter, type LineSplitterOptions, type SplitLine } from './line-splitter.js';
export { SPAN_ATTRIBUTES, type SpanAttributeMap, type SpanAttributeValue } from './tracing/span-attributes.js';
export { activeTraceparent, activeTraceUuid, extractCarrier, injectCarrier, type TraceCarrier } from './tracing/trace-carrier.js';
export {
  activeTraceContext,
  bindTraceContext,
  contextWithSpan,
  failSpan,
  markSpanFailed,
  setSpanAttributes,
  startSpan,
  traced,
  withTraceContext,
  type SpanOptions,
  type TraceContext,
  type TracedSpan,
} from './tracing/traced.js';
