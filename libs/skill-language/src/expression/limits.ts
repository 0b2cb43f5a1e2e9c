/** Guards against abusive expressions: bounded input, bounded recursion, bounded memory for the cache. */
export const MAX_EXPRESSION_LENGTH = 4096;
export const MAX_NESTING_DEPTH = 64;
export const MAX_CACHED_EXPRESSIONS = 1000;
