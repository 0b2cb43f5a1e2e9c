import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { traceparentFor } from './traceparent.js';

const FORMAT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('traceparentFor', () => {
  it('uses a 32-hex trace id as is (dashes removed, lower-cased)', () => {
    expect(traceparentFor('4bf92f3577b34da6a3ce929d0e0e4736')).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(traceparentFor('4BF92F35-77B3-4DA6-A3CE-929D0E0E4736')).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-/);
  });

  it('hashes any other id with SHA-256 and keeps the first 32 hex digits', () => {
    const expected = createHash('sha256').update('run-42').digest('hex').slice(0, 32);
    expect(FORMAT.exec(traceparentFor('run-42'))?.[1]).toBe(expected);
    expect(traceparentFor('')).toMatch(FORMAT);
    // The all-zero trace id is invalid in W3C Trace Context, so it is hashed too.
    expect(FORMAT.exec(traceparentFor('0'.repeat(32)))?.[1]).not.toBe('0'.repeat(32));
  });

  it('draws a fresh parent id for every call', () => {
    const first = FORMAT.exec(traceparentFor('abc'))?.[2];
    const second = FORMAT.exec(traceparentFor('abc'))?.[2];
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(first).not.toBe(second);
  });
});
