/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

// Key names whose values are credentials whatever they hold (exact words inside the key, any case).
const SECRET_KEY = /authorization|api[-_]?keys?|token|secret|passw(or)?d|cookie|credential|private[-_]?key|signature/i;
// Credentials recognisable by their form, wherever they appear in a text.
const SCHEME_CREDENTIAL = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const MAX_DEPTH = 8;
/** Shorter configured values are not looked for inside texts (they would match ordinary words). */
export const MIN_SECRET_LENGTH = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes credentials from anything about to be logged: values under credential-like key names
 * (authorization, x-api-key, tokens, secrets, passwords…), `Bearer`/`Basic` credentials and JWTs
 * inside texts, and every configured secret value (the API key, the JWT secret) wherever it
 * appears, messages and error stacks included. Returns new values; never mutates its input.
 */
export class Redactor {
  private readonly secrets: RegExp | undefined;

  constructor(secrets: readonly (string | undefined)[] = []) {
    const kept = [...new Set(secrets.filter((value): value is string => value !== undefined && value.length >= MIN_SECRET_LENGTH))];
    // Longest first, so a secret containing another is removed whole.
    kept.sort((a, b) => b.length - a.length);
    this.secrets = kept.length === 0 ? undefined : new RegExp(kept.map(escapeRegExp).join('|'), 'g');
  }

  text(value: string): string {
    const known = this.secrets === undefined ? value : value.replace(this.secrets, REDACTED);
    return known.replace(SCHEME_CREDENTIAL, `$1 ${REDACTED}`).replace(JWT, REDACTED);
  }

  value(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
    if (typeof value === 'string') return this.text(value);
    // JSON has no BigInt: written as its decimal text rather than failing the line.
    if (typeof value === 'bigint') return value.toString();
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value) || depth >= MAX_DEPTH) return '[…]';
    seen.add(value);
    if (Array.isArray(value)) return value.map((item) => this.value(item, depth + 1, seen));
    if (value instanceof Error) {
      return { name: value.name, message: this.text(value.message), ...(value.stack === undefined ? {} : { stack: this.text(value.stack) }) };
    }
    return this.fields(value as Record<string, unknown>, depth, seen);
  }

  /** The string-keyed fields of a record, redacted (symbol keys are left to the caller). */
  fields(record: Record<string, unknown>, depth = 0, seen: WeakSet<object> = new WeakSet()): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(record)) {
      result[key] = SECRET_KEY.test(key) && field !== undefined && field !== null ? REDACTED : this.value(field, depth + 1, seen);
    }
    return result;
  }
}
