import { createHash } from 'node:crypto';
import { canonicalJson } from '@skill-service/util';

/** Lowercase hex SHA-256 of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * `sha256:<hex>` over the canonical JSON of a value: equal data gives equal hashes whatever the
 * key order. Throws CanonicalJsonError for a value with no JSON form.
 */
export function sha256Of(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}
