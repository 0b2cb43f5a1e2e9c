/**
 * Bounds on every input, so that no call can take unbounded time or memory: anything larger is
 * refused with `invalid_request` before any work starts. Per-capability limits are tighter where
 * a library is slower (entity extraction, HTML, diffs).
 */
export const LIMITS = {
  /** One text field (characters). */
  textChars: 1_000_000,
  /** Sum of the lengths of every string and key of one input. */
  inputChars: 2_000_000,
  /** Nesting of objects and arrays in one input. */
  inputDepth: 64,
  /** Objects, arrays and scalars in one input. */
  inputNodes: 250_000,
  /** Items of any list input (rows, labels, options…). */
  listItems: 50_000,
  /** Short strings: labels, field paths, names. */
  nameChars: 1_000,
} as const;
