import { describe, expect, it } from '@jest/globals';
import { LineSplitter } from './line-splitter.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('LineSplitter', () => {
  it('splits on LF across chunks, drops a trailing CR and skips blank lines', () => {
    const splitter = new LineSplitter(1024);
    expect(splitter.push(bytes('{"a":1}\r\n\n  \n{"b"'))).toEqual([{ kind: 'line', text: '{"a":1}' }]);
    expect(splitter.push(bytes(':2}\n'))).toEqual([{ kind: 'line', text: '{"b":2}' }]);
    expect(splitter.end()).toEqual([]);
  });

  it('keeps a multi-byte character split between chunks whole', () => {
    const splitter = new LineSplitter(1024);
    const line = bytes('{"text":"héllo 太阳"}\n');
    const cut = line.indexOf(0xe5) + 1;
    expect(splitter.push(line.subarray(0, cut))).toEqual([]);
    expect(splitter.push(line.subarray(cut))).toEqual([{ kind: 'line', text: '{"text":"héllo 太阳"}' }]);
  });

  it('reports a line over the limit once, with its head, and goes on with the next line', () => {
    const splitter = new LineSplitter(16);
    const lines = [
      ...splitter.push(bytes('{"jsonrpc":"2.0","id":1,')),
      ...splitter.push(bytes('x'.repeat(100))),
      ...splitter.push(bytes('"}\n{"id":2}\n')),
    ];
    expect(lines).toEqual([
      { kind: 'oversize', head: '{"jsonrpc":"2.0","id":1,' },
      { kind: 'line', text: '{"id":2}' },
    ]);
  });

  it('hands out the unterminated last line at the end, even an over-long one', () => {
    const complete = new LineSplitter(64);
    complete.push(bytes('{"id":"last"}'));
    expect(complete.end()).toEqual([{ kind: 'line', text: '{"id":"last"}' }]);
    const long = new LineSplitter(4);
    long.push(bytes('0123456789'));
    expect(long.end()).toEqual([{ kind: 'oversize', head: '0123456789' }]);
  });
});
