import type { FieldPath } from './field-path.js';

const keyOf = (path: FieldPath): string => path.join('\u0000');

/**
 * Remembers where each canonical field came from in the file (`depends_on` ← `config.depends_on`,
 * `base_url` ← `baseUrl`), so a problem found on the canonical shape names the field the author wrote.
 */
export class SourcePaths {
  private readonly moves = new Map<string, FieldPath>();

  constructor(private readonly base: FieldPath = []) {}

  /** Records that the canonical `canonical` (relative to the entity) was read from `source`. */
  move(canonical: FieldPath, source: FieldPath): void {
    this.moves.set(keyOf(canonical), source);
  }

  /** A path written relative to the entity, as a path in the file. */
  inFile(source: FieldPath): FieldPath {
    return [...this.base, ...source];
  }

  /** The file location of a canonical path: the longest recorded prefix is rewritten. */
  resolve(canonical: FieldPath): FieldPath {
    for (let length = canonical.length; length > 0; length--) {
      const moved = this.moves.get(keyOf(canonical.slice(0, length)));
      if (moved !== undefined) return [...this.base, ...moved, ...canonical.slice(length)];
    }
    return [...this.base, ...canonical];
  }
}
