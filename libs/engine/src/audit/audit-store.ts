/**
 * Where audit lines go (implemented by an adapter, e.g. a JSON-lines file). The recorder owns the
 * chain; a store only needs to hand back its last complete record (to resume the chain after a
 * restart) and to append one line atomically.
 */
export interface AuditStore {
  /** The last complete record, or null when there is none yet. Rejects when it cannot tell. */
  readLastRecord(): Promise<Record<string, unknown> | null>;
  /** Appends one record; `line` is JSON without a line terminator (the store adds it). */
  append(line: string): Promise<void>;
}
