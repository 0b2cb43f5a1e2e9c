import type { Reporter } from '../reporter.js';
import type { FieldPath } from './field-path.js';
import { hasKey, type RawMapping } from './raw-value.js';
import type { SourcePaths } from './source-paths.js';

/**
 * Reads a field that has several accepted spellings (`type|kind|protocol`). The first present one
 * wins and is remembered as the field's source; two spellings with different values are an error
 * rather than a silent choice.
 */
export function pickAlias(
  raw: RawMapping,
  spellings: readonly string[],
  canonical: FieldPath,
  reporter: Reporter,
  paths: SourcePaths,
  within: FieldPath = [],
): unknown {
  const present = spellings.filter((key) => hasKey(raw, key) && raw[key] !== undefined);
  const [first, ...others] = present;
  if (first === undefined) return undefined;
  const value = raw[first];
  for (const other of others) {
    if (JSON.stringify(raw[other]) !== JSON.stringify(value)) {
      reporter.error(
        paths.inFile([...within, other]),
        'conflicting_fields',
        `"${first}" and "${other}" are two spellings of one field but disagree`,
      );
    }
  }
  paths.move(canonical, [...within, first]);
  return value;
}
