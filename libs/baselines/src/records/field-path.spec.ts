import { describe, expect, it } from '@jest/globals';
import { deletePath, readPath, writePath } from './field-path.js';

describe('field paths', () => {
  const record = { a: { b: [{ c: 1 }] }, 'x.y': 2 };

  it('reads nested keys and list indices, an exact dotted key first', () => {
    expect(readPath(record, 'a.b.0.c')).toEqual({ found: true, value: 1 });
    expect(readPath(record, 'x.y')).toEqual({ found: true, value: 2 });
    expect(readPath(record, 'a.b.1')).toEqual({ found: false, value: undefined });
    expect(readPath(record, 'a.constructor')).toEqual({ found: false, value: undefined });
  });

  it('writes and deletes without touching shared objects or prototypes', () => {
    const target: Record<string, unknown> = { a: { keep: 1 } };
    const shared = target['a'];
    writePath(target, 'a.b.c', 3);
    writePath(target, '__proto__.polluted', true);
    expect(target).toEqual({ a: { keep: 1, b: { c: 3 } }, ['__proto__']: { polluted: true } });
    expect(shared).toEqual({ keep: 1 });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(deletePath(target, 'a.b.c')).toBe(true);
    expect(deletePath(target, 'a.zzz')).toBe(false);
    expect(target['a']).toEqual({ keep: 1, b: {} });
  });
});
