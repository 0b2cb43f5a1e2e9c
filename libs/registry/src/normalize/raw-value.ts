/** A YAML mapping as parsed: a plain object (not a list, not null). */
export type RawMapping = Record<string, unknown>;

export function isMapping(value: unknown): value is RawMapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasKey(mapping: RawMapping, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(mapping, key);
}

/** How a value reads in a message: its JSON, cut short. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A value's type in YAML words: mapping, list, string, number, boolean, null. */
export function typeName(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'mapping';
  return typeof value;
}
