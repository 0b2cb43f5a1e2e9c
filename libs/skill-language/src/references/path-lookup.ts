/** The result of reading a path: `found` tells a stored `null`/`undefined` apart from a missing value. */
export interface PathLookup {
  readonly found: boolean;
  readonly value: unknown;
}

export const NOT_FOUND: PathLookup = Object.freeze({ found: false, value: undefined });
