/** Longest string kept in a `full` record, and the cap on every error message in any record. */
export const DEFAULT_AUDIT_MAX_STRING = 2048;
/** Most items of one list (or keys of one object) kept in a `full` record. */
export const DEFAULT_AUDIT_MAX_ITEMS = 100;
/** Deepest nesting kept in a `full` record; below it a value is replaced by a marker. */
export const DEFAULT_AUDIT_MAX_DEPTH = 32;
/** Error messages are capped in every mode: providers sometimes echo whole payloads into them. */
export const MAX_AUDIT_ERROR_MESSAGE = 2048;
