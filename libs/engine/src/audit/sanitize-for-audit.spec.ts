import { describe, expect, it } from '@jest/globals';
import { DEFAULT_REDACT_KEYS, REDACTED, redactKeyMatcher } from './redact-keys.js';
import { CIRCULAR_MARKER, MAX_DEPTH_MARKER, TRUNCATED_KEYS_MARKER, capString, sanitizeForAudit, type SanitizeLimits } from './sanitize-for-audit.js';

const limits = (overrides: Partial<SanitizeLimits> = {}): SanitizeLimits => ({
  redact: redactKeyMatcher(),
  maxString: 2048,
  maxItems: 100,
  maxDepth: 32,
  ...overrides,
});

describe('redaction by exact key name', () => {
  it('redacts every default name, in any case, at any depth', () => {
    const input = Object.fromEntries(DEFAULT_REDACT_KEYS.map((key) => [key.toUpperCase(), 'secret-value']));
    const result = sanitizeForAudit({ nested: [input] }, limits()) as { nested: Record<string, unknown>[] };
    expect(Object.values(result.nested[0] ?? {})).toEqual(DEFAULT_REDACT_KEYS.map(() => REDACTED));
  });

  it('keeps keys that merely contain a secret word', () => {
    const input = {
      keywords: ['a', 'b'],
      author: 'ada',
      tokens_used: 12,
      session_id: 's-1',
      passwords_policy: 'strict',
      api_key: 'k',
      Authorization: 'Bearer x',
      headers: { Cookie: 'c=1', accept: 'json' },
    };
    expect(sanitizeForAudit(input, limits())).toEqual({
      keywords: ['a', 'b'],
      author: 'ada',
      tokens_used: 12,
      session_id: 's-1',
      passwords_policy: 'strict',
      api_key: REDACTED,
      Authorization: REDACTED,
      headers: { Cookie: REDACTED, accept: 'json' },
    });
  });

  it('redacts whole values, objects included, and takes a configured list', () => {
    const redact = redactKeyMatcher(['SSN', 'pin']);
    expect(sanitizeForAudit({ ssn: { a: 1 }, Pin: 1234, password: 'p' }, limits({ redact }))).toEqual({
      ssn: REDACTED,
      Pin: REDACTED,
      password: 'p',
    });
  });
});

describe('caps', () => {
  it('cuts long strings to maxString characters in total, marker included', () => {
    const capped = sanitizeForAudit('x'.repeat(100), limits({ maxString: 30 }));
    expect(capped).toBe(`${'x'.repeat(9)}…[truncated 91 chars]`);
    expect((capped as string).length).toBe(30);
    expect(sanitizeForAudit('short', limits({ maxString: 5 }))).toBe('short');
  });

  it('cuts without a marker when the marker does not fit', () => {
    expect(sanitizeForAudit('abcdefgh', limits({ maxString: 4 }))).toBe('abcd');
  });

  it('never splits a surrogate pair', () => {
    expect(capString(`${'a'.repeat(8)}😀${'b'.repeat(30)}`, 30)).toBe(`${'a'.repeat(8)}…[truncated 32 chars]`);
    expect(capString('ab😀cd', 3)).toBe('ab');
  });

  it('holds the cap whatever the lengths', () => {
    for (let length = 0; length < 300; length += 7) {
      for (const max of [0, 1, 5, 20, 21, 22, 25, 100, 2048]) {
        expect(capString('z'.repeat(length), max).length).toBeLessThanOrEqual(Math.max(max, 0));
      }
    }
  });

  it('cuts lists and objects to maxItems with a marker', () => {
    expect(sanitizeForAudit([1, 2, 3, 4, 5], limits({ maxItems: 2 }))).toEqual([1, 2, '[truncated 3 items]']);
    expect(sanitizeForAudit({ a: 1, b: 2, c: 3 }, limits({ maxItems: 2 }))).toEqual({
      a: 1,
      b: 2,
      [TRUNCATED_KEYS_MARKER]: '1 more keys',
    });
  });

  it('replaces values below maxDepth and cycles with markers', () => {
    expect(sanitizeForAudit({ a: { b: { c: 1 } } }, limits({ maxDepth: 2 }))).toEqual({ a: { b: MAX_DEPTH_MARKER } });
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    expect(sanitizeForAudit(cyclic, limits())).toEqual({ name: 'loop', self: CIRCULAR_MARKER });
  });
});

describe('JSON forms', () => {
  it('turns engine values into plain JSON data', () => {
    const result = sanitizeForAudit(
      {
        at: new Date('2024-01-02T03:04:05Z'),
        big: 12n,
        nan: Number.NaN,
        fn: () => 1,
        missing: undefined,
        error: new TypeError('boom'),
        map: new Map([['k', 1]]),
        set: new Set([1, 2]),
        list: [undefined],
      },
      limits(),
    );
    expect(result).toEqual({
      at: '2024-01-02T03:04:05.000Z',
      big: '12',
      nan: null,
      error: { name: 'TypeError', message: 'boom' },
      map: { k: 1 },
      set: [1, 2],
      list: [null],
    });
  });

  it('keeps a __proto__ key of parsed JSON as plain data', () => {
    const result = sanitizeForAudit(JSON.parse('{"__proto__":{"password":"p","x":1},"a":1}'), limits()) as object;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(result)).toBe('{"__proto__":{"password":"[REDACTED]","x":1},"a":1}');
  });
});
