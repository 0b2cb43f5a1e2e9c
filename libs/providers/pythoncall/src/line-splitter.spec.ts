import { describe, expect, it } from '@jest/globals';
import { LineSplitter } from './line-splitter.js';

function collect(maxBytes: number) {
  const lines: string[] = [];
  const oversize: string[] = [];
  const splitter = new LineSplitter(
    maxBytes,
    (line) => lines.push(line.toString('utf8')),
    (head) => oversize.push(head().toString('utf8')),
  );
  return { splitter, lines, oversize };
}

describe('LineSplitter', () => {
  it('joins lines across chunks and splits several lines in one chunk', () => {
    const { splitter, lines } = collect(100);
    splitter.push(Buffer.from('{"a":'));
    splitter.push(Buffer.from('1}\n{"b":2}\n{"c"'));
    splitter.push(Buffer.from(':3}\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('never cuts a multi-byte character (bytes are split before decoding)', () => {
    const { splitter, lines } = collect(100);
    const bytes = Buffer.from('héllo wörld\n');
    for (let i = 0; i < bytes.length; i += 1) splitter.push(bytes.subarray(i, i + 1));
    expect(lines).toEqual(['héllo wörld']);
  });

  it('reports an oversized line once, drops its rest and resumes at the next line', () => {
    const { splitter, lines, oversize } = collect(4);
    splitter.push(Buffer.from('abcdefgh'));
    splitter.push(Buffer.from('ijk\nok\n'));
    expect(oversize).toEqual(['abcd']);
    expect(lines).toEqual(['ok']);
  });

  it('flushes an unterminated last line', () => {
    const { splitter, lines } = collect(100);
    splitter.push(Buffer.from('tail'));
    splitter.flush();
    expect(lines).toEqual(['tail']);
  });
});
