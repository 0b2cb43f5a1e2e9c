import { copyJson } from './copy-json.js';

describe('copyJson', () => {
  it('copies objects and arrays deeply, so changing the copy leaves the copied value alone', () => {
    const original = { name: 'Lena', tags: ['a', { b: 1 }], nested: { deeper: { list: [1, 2, null, true] } } };
    const copy = copyJson(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    expect(copy.tags).not.toBe(original.tags);
    expect(copy.tags[1]).not.toBe(original.tags[1]);
    (copy.nested.deeper.list as unknown[]).push('more');
    (copy.tags[1] as { b: number }).b = 2;
    expect(original.nested.deeper.list).toEqual([1, 2, null, true]);
    expect(original.tags[1]).toEqual({ b: 1 });
  });

  it('returns scalars as they are', () => {
    for (const scalar of ['text', 0, -1.5, true, false, null, undefined]) expect(copyJson(scalar)).toBe(scalar);
  });

  it('keeps a __proto__ key an own key and never touches a prototype', () => {
    const original = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}') as Record<string, unknown>;
    const copy = copyJson(original);
    expect(Object.keys(copy)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('copies a shared part once and a cycle as a cycle', () => {
    const shared = { n: 1 };
    const original: Record<string, unknown> = { a: shared, b: shared };
    original['self'] = original;
    const copy = copyJson(original);
    expect(copy['a']).toBe(copy['b']);
    expect(copy['a']).not.toBe(shared);
    expect(copy['self']).toBe(copy);
  });

  it('shares class instances instead of copying them', () => {
    const when = new Date(0);
    const copy = copyJson({ when });
    expect(copy.when).toBe(when);
  });

  it('copies 100,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    let copy = copyJson(deep);
    let levels = 0;
    while (Array.isArray(copy)) {
      copy = copy[0] as unknown;
      levels += 1;
    }
    expect(levels).toBe(100_000);
    expect(copy).toBe('bottom');
  });
});
