import { describe, expect, it } from '@jest/globals';
import { LineSplitter } from './line-splitter.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('LineSplitter', () => {
  it('splits on LF across chunks, drops a trailing CR and skips blank lines', () => {
    const splitter = new LineSplitter(1024);
    expect(splitter.push(bytes('{"a":1}\r\n\n  \n{"b"'))).toEqual([{ kind: 'line', text: '{"a":1}' }]);
    expect(splitter.push(bytes(':2}\n{"c":3}\n{"d"'))).toEqual([
      { kind: 'line', text: '{"b":2}' },
      { kind: 'line', text: '{"c":3}' },
    ]);
    expect(splitter.push(bytes(':4}\n'))).toEqual([{ kind: 'line', text: '{"d":4}' }]);
    expect(splitter.end()).toEqual([]);
  });

  it('never cuts a multi-byte character, even fed one byte at a time', () => {
    const splitter = new LineSplitter(1024);
    const line = bytes('{"text":"héllo 太阳"}\n');
    const lines = [];
    for (let index = 0; index < line.length; index += 1) lines.push(...splitter.push(line.subarray(index, index + 1)));
    expect(lines).toEqual([{ kind: 'line', text: '{"text":"héllo 太阳"}' }]);
  });

  it('reports a line over the limit once, with its head, as soon as it crosses, and goes on with the next line', () => {
    const splitter = new LineSplitter(16);
    expect(splitter.push(bytes('{"jsonrpc":"2.0","id":1,'))).toEqual([{ kind: 'oversize', head: '{"jsonrpc":"2.0","id":1,' }]);
    expect(splitter.push(bytes('x'.repeat(100)))).toEqual([]);
    expect(splitter.push(bytes('"}\n{"id":2}\n'))).toEqual([{ kind: 'line', text: '{"id":2}' }]);
  });

  it('keeps only headBytes of an over-long line', () => {
    const splitter = new LineSplitter(4, { headBytes: 6 });
    expect(splitter.push(bytes('abcdefghijk\nok\n'))).toEqual([
      { kind: 'oversize', head: 'abcdef' },
      { kind: 'line', text: 'ok' },
    ]);
  });

  it('hands out the unterminated last line at the end', () => {
    const complete = new LineSplitter(64);
    expect(complete.push(bytes('{"id":"last"}'))).toEqual([]);
    expect(complete.end()).toEqual([{ kind: 'line', text: '{"id":"last"}' }]);
    expect(complete.end()).toEqual([]);
  });

  it('holds no more than the limit whatever arrives without a newline', () => {
    const splitter = new LineSplitter(1024);
    const lines = [];
    for (let index = 0; index < 1000; index += 1) lines.push(...splitter.push(bytes('y'.repeat(64 * 1024))));
    expect(lines).toEqual([{ kind: 'oversize', head: 'y'.repeat(256) }]);
    expect(splitter.push(bytes('\nnext\n'))).toEqual([{ kind: 'line', text: 'next' }]);
  });
});
