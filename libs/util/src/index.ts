/**
 * @skill-service/util — the small helpers every layer shares, each with one home: canonical JSON
 * (sorted keys, for hashing and comparing values), an abortable sleep, and a line splitter that
 * bounds the memory one line may take. Stack-safe whatever the input's size; no I/O, no
 * environment, no dependencies.
 */
export { abortableSleep } from './abortable-sleep.js';
export { CanonicalJsonError, type CanonicalJsonErrorReason } from './canonical-json-error.js';
export { canonicalJson, type CanonicalJsonOptions } from './canonical-json.js';
export { LineSplitter, type LineSplitterOptions, type SplitLine } from './line-splitter.js';
