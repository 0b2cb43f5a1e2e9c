import { describe, expect, it } from '@jest/globals';
import { renderRequest } from './request-template.js';
import { mapResponse } from './response-mapping.js';

describe('renderRequest', () => {
  const input = { text: 'hello', n: 3, opts: { lang: 'en', tags: ['a', 'b'] }, empty: null };

  it('sends the input unchanged without a template', () => {
    expect(renderRequest(undefined, input)).toBe(input);
  });

  it('takes typed values from input.<path> and exact ${input.<path>}', () => {
    expect(renderRequest({ a: 'input.n', b: '${input.opts.tags}', c: 'input.opts.tags.1', whole: 'input', d: 'input.empty' }, input)).toEqual({
      a: 3,
      b: ['a', 'b'],
      c: 'b',
      whole: input,
      d: null,
    });
  });

  it('interpolates embedded placeholders as text', () => {
    expect(renderRequest({ note: 'Say ${input.text} x${input.n} ${input.opts} ${input.empty} [${input.missing}]' }, input)).toEqual({
      note: 'Say hello x3 {"lang":"en","tags":["a","b"]} null []',
    });
  });

  it('drops absent values at every depth and keeps literals', () => {
    expect(
      renderRequest({ top: 'input.missing', nested: { keep: 'input.text', gone: 'input.nope.deeper', lit: 'plain text', num: 7 }, list: ['input.n', 'input.missing', 'x'] }, input),
    ).toEqual({ nested: { keep: 'hello', lit: 'plain text', num: 7 }, list: [3, 'x'] });
  });
});

describe('mapResponse', () => {
  const raw = { result: { summary: 's', items: [{ id: 1 }, { id: 2 }] }, status: 'ok' };

  it('walks response paths and keeps constants', () => {
    expect(mapResponse({ summary: 'response.result.summary', second: 'response.result.items.1.id', all: 'response', kind: 'fixed', n: 2 }, raw, 'b')).toEqual({
      summary: 's',
      second: 2,
      all: raw,
      kind: 'fixed',
      n: 2,
    });
  });

  it('keeps the compatibility cases for output and warnings', () => {
    expect(mapResponse({ out: 'response.result.output', warnings: 'response.warnings' }, raw, 'b')).toEqual({ out: raw.result, warnings: [] });
  });

  it('fails on a missing path, naming the binding and the output', () => {
    expect(() => mapResponse({ x: 'response.result.nope' }, raw, 'python_x')).toThrow(/python_x.*response\.result\.nope.*'x'/);
  });

  it('returns the raw answer without a mapping', () => {
    expect(mapResponse(undefined, raw, 'b')).toBe(raw);
  });
});
