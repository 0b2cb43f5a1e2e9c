import { KNOWN_FIELD_TYPES } from '@skill-service/contracts';
import type { Reporter } from '../reporter.js';
import { closestName, didYouMean } from '../normalize/closest-name.js';
import type { FieldPath } from '../normalize/field-path.js';
import { isMapping } from '../normalize/raw-value.js';

const KNOWN: ReadonlySet<string> = new Set(KNOWN_FIELD_TYPES);

/**
 * Declared field types outside the contracts' known list (`type: strin`) are errors: nothing could
 * check a value against them, so the slip would only show at run time, if ever.
 */
export function checkFieldTypes(specs: unknown, at: FieldPath, reporter: Reporter): void {
  if (!isMapping(specs)) return;
  for (const [name, spec] of Object.entries(specs)) {
    if (!isMapping(spec) || typeof spec.type !== 'string' || spec.type === '' || KNOWN.has(spec.type)) continue;
    const suggestion = closestName(spec.type, KNOWN_FIELD_TYPES);
    reporter.error(
      [...at, name, 'type'],
      'unknown_field_type',
      `type "${spec.type}" is not one of ${KNOWN_FIELD_TYPES.join(', ')}${didYouMean(suggestion)}`,
      suggestion,
    );
  }
}
