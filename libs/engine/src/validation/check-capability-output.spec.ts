import { describe, expect, it } from '@jest/globals';
import { UpstreamFailureError } from '@skill-service/contracts';
import { defineCapability } from '../testing/define.js';
import { checkCapabilityOutput } from './check-capability-output.js';

const capability = defineCapability({
  id: 'demo.out',
  outputs: { text: { type: 'string', required: true }, note: { type: 'string', required: false } },
});
const MAX = 1024;

const messageOf = (output: unknown, max = MAX): string => {
  try {
    checkCapabilityOutput(capability, output, max);
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamFailureError);
    return (error as Error).message;
  }
  throw new Error('expected the output to be rejected');
};

class Point {
  x = 1;
}

describe('checkCapabilityOutput', () => {
  it('accepts a plain JSON object with its required outputs and returns it', () => {
    const output = { text: 'ok', nested: { list: [1, 'a', null, true, { deep: [] }] }, note: undefined };
    expect(checkCapabilityOutput(capability, output, MAX)).toBe(output);
    expect(checkCapabilityOutput(capability, Object.assign(Object.create(null), { text: 'bare' }), MAX)).toEqual({ text: 'bare' });
  });

  it.each<[string, unknown, string]>([
    ['undefined', undefined, 'provider returned nothing (undefined)'],
    ['null', null, 'provider returned null, not an object'],
    ['a string', 'text', 'provider returned a string, not an object'],
    ['a list', [{ text: 'a' }], 'provider returned a list, not an object'],
    ['a class instance', new Point(), 'provider returned a class instance (Point), not a plain object'],
    ['a nested class instance', { text: 'a', when: new Date(0) }, "provider returned a class instance (Date) at 'when'"],
    ['NaN', { text: 'a', score: Number.NaN }, "provider returned a non-finite number at 'score'"],
    ['Infinity deep inside', { text: 'a', list: [{ v: Infinity }] }, "provider returned a non-finite number at 'list.0.v'"],
    ['a function', { text: 'a', fn: () => 1 }, "provider returned a non-JSON value (function) at 'fn'"],
    ['a bigint', { text: 'a', n: 1n }, "provider returned a non-JSON value (bigint) at 'n'"],
    ['undefined in a list', { text: 'a', list: [undefined] }, "provider returned a non-JSON value (undefined) at 'list.0'"],
    ['a missing required output', { note: 'n' }, "provider returned no value for required output 'text'"],
    ['an undefined required output', { text: undefined }, "provider returned no value for required output 'text'"],
  ])('rejects %s', (_name, output, message) => {
    expect(messageOf(output)).toBe(`Capability 'demo.out': ${message}`);
  });

  it('rejects a cyclic structure, but not a value shared by two branches', () => {
    const node: Record<string, unknown> = { text: 'a' };
    node['child'] = { parent: node };
    expect(messageOf(node)).toBe("Capability 'demo.out': provider returned a cyclic structure at 'child.parent'");
    const shared = { v: 1 };
    expect(() => checkCapabilityOutput(capability, { text: 'a', left: shared, right: shared }, MAX)).not.toThrow();
  });

  it('rejects an output over the byte budget, a huge string by its length alone', () => {
    expect(messageOf({ text: 'x'.repeat(MAX) })).toBe(`Capability 'demo.out': provider returned an output larger than ${MAX} bytes`);
    const many = { text: 'a', list: Array.from({ length: 200 }, () => 12345) };
    expect(messageOf(many)).toContain('larger than');
    const huge = 'y'.repeat(50 * 1024 * 1024);
    const started = performance.now();
    expect(messageOf({ text: huge }, 10 * 1024 * 1024)).toContain('larger than 10485760 bytes');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rejects nesting deeper than 100 levels instead of overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 5000; level++) deep = [deep];
    expect(messageOf({ text: 'a', deep }, Number.MAX_SAFE_INTEGER)).toContain('nested deeper than 100 levels');
  });

  it('reports a throwing getter as an unreadable value', () => {
    const output = Object.defineProperty({ text: 'a' }, 'boom', {
      enumerable: true,
      get: () => {
        throw new Error('getter');
      },
    });
    expect(messageOf(output)).toBe("Capability 'demo.out': provider returned an unreadable value");
  });
});
