import { describe, expect, it } from '@jest/globals';
import { initialValues, parseValues } from './form-values.js';

const inputs = {
  text: { type: 'string', required: true, description: null, default: null },
  count: { type: 'integer', required: false, description: null, default: 3 },
  ratio: { type: 'number', required: false, description: null, default: null },
  flag: { type: 'boolean', required: false, description: null, default: false },
  items: { type: 'array', required: false, description: null, default: null },
};

describe('the input form', () => {
  it('starts from an example where it has a value, else from the declared default', () => {
    expect(initialValues(inputs, { inputs: { text: 'hi', items: [1, 2] } })).toEqual({ text: 'hi', count: '3', ratio: '', flag: 'false', items: '[\n  1,\n  2\n]' });
    expect(initialValues(inputs).text).toBe('');
  });

  it('reads each box by its declared type and names every bad one', () => {
    expect(parseValues(inputs, { text: 'a', count: '4', ratio: '0.5', flag: 'true', items: '[1]' })).toEqual({
      inputs: { text: 'a', count: 4, ratio: 0.5, flag: true, items: [1] },
      problems: {},
    });
    expect(parseValues(inputs, { text: ' ', count: '4.5', ratio: 'x', flag: '', items: '[' }).problems).toEqual({
      text: 'is required',
      count: 'must be an integer',
      ratio: 'must be a number',
      items: 'must be valid JSON',
    });
  });
});
