/** `cycle`: a value contains itself; `depth`: nested deeper than allowed; `unsupported`: a BigInt. */
export type CanonicalJsonErrorReason = 'cycle' | 'depth' | 'unsupported';

/**
 * The only error `canonicalJson` throws. A hash over a value that has no JSON form would not be
 * reproducible by anyone else, so the serialiser refuses instead of guessing.
 */
export class CanonicalJsonError extends Error {
  override name = 'CanonicalJsonError';
  readonly reason: CanonicalJsonErrorReason;
  /** The JSON-pointer-like path (`/a/0/b`) of the offending value. */
  readonly path: string;

  constructor(message: string, reason: CanonicalJsonErrorReason, path: string) {
    super(message);
    this.reason = reason;
    this.path = path;
  }
}
