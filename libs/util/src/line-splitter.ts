/** A complete line, or the head of one longer than allowed (its rest is skipped up to its newline). */
export type SplitLine = { readonly kind: 'line'; readonly text: string } | { readonly kind: 'oversize'; readonly head: string };

export interface LineSplitterOptions {
  /** How much of an over-long line is kept to report it (bytes). Default 256. */
  readonly headBytes?: number;
}

const NEWLINE = 0x0a;
const DEFAULT_HEAD_BYTES = 256;

/**
 * Splits a byte stream into LF-terminated UTF-8 lines (a trailing CR dropped, blank lines skipped)
 * holding at most `maxBytes` of one line in memory. A longer line is reported once as `oversize`,
 * with its first `headBytes`, as soon as it crosses the limit; its remaining bytes are dropped up
 * to the next newline. Splitting on the byte 0x0A is safe in UTF-8 (it never occurs inside a
 * multi-byte character), and bytes are decoded only once a line is whole.
 */
export class LineSplitter {
  readonly #maxBytes: number;
  readonly #headBytes: number;
  #parts: Buffer[] = [];
  #size = 0;
  /** True while the rest of an over-long line is being skipped. */
  #skipping = false;

  constructor(maxBytes: number, options: LineSplitterOptions = {}) {
    this.#maxBytes = maxBytes;
    this.#headBytes = options.headBytes ?? DEFAULT_HEAD_BYTES;
  }

  /** The lines completed (or found over-long) by this chunk, in order. */
  push(chunk: Buffer): SplitLine[] {
    const lines: SplitLine[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#append(chunk.subarray(start, end), lines);
      if (newline === -1) break;
      this.#finishLine(lines);
      start = newline + 1;
    }
    return lines;
  }

  /** At end of input: the unterminated last line, if any. */
  end(): SplitLine[] {
    const lines: SplitLine[] = [];
    this.#finishLine(lines);
    return lines;
  }

  #append(bytes: Buffer, lines: SplitLine[]): void {
    if (bytes.length === 0 || this.#skipping) return;
    if (this.#size + bytes.length > this.#maxBytes) {
      const head = Buffer.concat([...this.#parts, bytes.subarray(0, this.#headBytes)]).subarray(0, this.#headBytes);
      lines.push({ kind: 'oversize', head: head.toString('utf8') });
      this.#parts = [];
      this.#size = 0;
      this.#skipping = true;
      return;
    }
    // A copy: the caller's chunk buffer may be reused once `push` returns.
    this.#parts.push(Buffer.from(bytes));
    this.#size += bytes.length;
  }

  #finishLine(lines: SplitLine[]): void {
    if (this.#skipping) {
      this.#skipping = false;
      return;
    }
    const text = Buffer.concat(this.#parts, this.#size).toString('utf8').replace(/\r$/, '');
    this.#parts = [];
    this.#size = 0;
    if (text.trim() !== '') lines.push({ kind: 'line', text });
  }
}
