import type { Reporter } from '../reporter.js';
import { closestName, didYouMean } from '../normalize/closest-name.js';
import type { FieldPath } from '../normalize/field-path.js';
import { isMapping } from '../normalize/raw-value.js';

/**
 * The part of a zod 4 schema this walk reads: its definition (kind, object shape, catch-all,
 * wrapped, record value and list element types). Structural, so any contract schema fits.
 */
export interface InspectableSchema {
  readonly _zod: { readonly def: SchemaDefinition };
}

interface SchemaDefinition {
  readonly type: string;
  readonly shape?: Readonly<Record<string, InspectableSchema>>;
  readonly catchall?: InspectableSchema;
  readonly innerType?: InspectableSchema;
  readonly valueType?: InspectableSchema;
  readonly element?: InspectableSchema;
  readonly in?: InspectableSchema;
}

/** How a file may spell an entity beyond its schema's own keys (what its normaliser reads). */
export interface KeySpellings {
  /** Other spellings of schema keys: spelling → schema key (`kind` → `protocol`). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Schema keys the loader sets itself (e.g. a binding's origin, from its folder): not for authors. */
  readonly setByLoader?: readonly string[];
  /** Keys read and checked by their own code: known here, not walked. */
  readonly handledElsewhere?: readonly string[];
}

/** Unwraps optional, default, nullable, pipes and the like down to the schema that holds the shape. */
function unwrap(schema: InspectableSchema): SchemaDefinition {
  let def = schema._zod.def;
  for (let depth = 0; depth < 16; depth++) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (inner === undefined) break;
    def = inner._zod.def;
  }
  return def;
}

/** The keys an object schema declares (empty for anything else). */
export function schemaKeys(schema: InspectableSchema): string[] {
  return Object.keys(unwrap(schema).shape ?? {});
}

/**
 * A key that holds nothing and contains a space is, almost always, the tail of an unquoted value
 * cut at a comma inside a flow mapping: `{ description: Why (kinds, never values) }`.
 */
function cutValueHint(key: string, value: unknown): string {
  return value === null && /\s/.test(key) ? ' (it looks like the rest of an unquoted value cut at a comma inside { }: quote that value)' : '';
}

/**
 * Warns about every key of `value` that `schema` does not declare, at any depth the schema
 * describes: the known keys come from the contracts' zod schemas themselves (plus the spellings
 * the loader reads), so a new schema field is known here the moment the loader accepts it.
 * Loose objects (descriptive metadata) accept any key; their declared keys are still walked.
 */
export function reportUnknownKeys(
  schema: InspectableSchema,
  value: unknown,
  at: FieldPath,
  reporter: Reporter,
  label: string,
  spellings: KeySpellings = {},
): void {
  const def = unwrap(schema);
  if (def.type === 'array' && def.element !== undefined && Array.isArray(value)) {
    value.forEach((item, index) => reportUnknownKeys(def.element as InspectableSchema, item, [...at, index], reporter, label));
    return;
  }
  if (def.type === 'record' && def.valueType !== undefined && isMapping(value)) {
    for (const [key, item] of Object.entries(value)) reportUnknownKeys(def.valueType, item, [...at, key], reporter, 'key');
    return;
  }
  if (def.type !== 'object' || def.shape === undefined || !isMapping(value)) return;
  const shape = def.shape;
  const setByLoader = new Set(spellings.setByLoader ?? []);
  const handled = new Set(spellings.handledElsewhere ?? []);
  const aliases = spellings.aliases ?? {};
  const known = [...Object.keys(shape).filter((key) => !setByLoader.has(key)), ...Object.keys(aliases), ...handled];
  const loose = def.catchall !== undefined && def.catchall._zod.def.type !== 'never';
  for (const [key, item] of Object.entries(value)) {
    if (handled.has(key)) continue;
    const canonical = aliases[key] ?? (setByLoader.has(key) ? undefined : key);
    const inner = canonical === undefined ? undefined : shape[canonical];
    if (inner !== undefined) {
      reportUnknownKeys(inner, item, [...at, key], reporter, 'key');
    } else if (!loose) {
      const suggestion = closestName(key, known);
      reporter.warning([...at, key], 'unknown_field', `${label} "${key}" is not understood and is ignored${cutValueHint(key, item)}${didYouMean(suggestion)}`, suggestion);
    }
  }
}
