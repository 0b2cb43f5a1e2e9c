import { describe, expect, it } from '@jest/globals';
import { readProducedPath } from './produced-path.js';

describe('readProducedPath', () => {
  const produced = {
    summary: 's',
    items: [{ id: 'first' }, { id: 'second' }],
    'text.upper': { text: 'HI', 'a.b': 'flat-inside' },
    text: { upper: { text: 'nested-loses' } },
    nothing: null,
  };

  it.each<[string, unknown]>([
    ['summary', 's'],
    ['items.1.id', 'second'],
    ['text.upper.text', 'HI'],
    ['text.upper.a.b', 'flat-inside'],
    ['nothing', null],
  ])('%s → %j', (path, value) => {
    expect(readProducedPath(produced, path.split('.'))).toEqual(value);
  });

  it('falls back to shorter keys when the longest one leads nowhere', () => {
    expect(readProducedPath({ 'a.b': {}, a: { b: { c: 1 } } }, ['a', 'b', 'c'])).toBe(1);
  });

  it.each(['missing', 'items.2.id', 'items.x', 'summary.length', 'items.length', 'constructor', 'text.__proto__'])(
    '%s is not there',
    (path) => {
      expect(readProducedPath(produced, path.split('.'))).toBeUndefined();
    },
  );
});
