/** What the splitter produces: a complete line, or the head of one longer than allowed (its rest skipped). */
export type SplitLine = { readonly kind: 'line'; readonly text: string } | { readonly kind: 'oversize'; readonly head: string };

/** How much of a skipped line is kept to tell which protocol it meant. */
const HEAD_BYTES = 256;
const NEWLINE = 0x0a;

/**
 * Splits a byte stream into LF-terminated UTF-8 lines (a trailing CR dropped, blank lines skipped)
 * holding at most `maxBytes` of one line in memory: a longer line is skipped to its end and
 * reported once as `oversize`. Splitting on the byte 0x0A is safe in UTF-8 (it never occurs inside
 * a multi-byte character).
 */
export class LineSplitter {
  readonly #maxBytes: number;
  #parts: Buffer[] = [];
  #size = 0;
  /** The head of the line being skipped, once it went over the limit. */
  #skipping: string | undefined;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  push(chunk: Buffer): SplitLine[] {
    const lines: SplitLine[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#append(chunk.subarray(start, end));
      if (newline === -1) break;
      this.#finishLine(lines);
      start = newline + 1;
    }
    return lines;
  }

  /** At end of input: the unterminated last line, if any (a complete JSON object there still counts). */
  end(): SplitLine[] {
    const lines: SplitLine[] = [];
    this.#finishLine(lines);
    return lines;
  }

  #append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.#skipping !== undefined) return;
    if (this.#size + bytes.length > this.#maxBytes) {
      this.#skipping = Buffer.concat([...this.#parts, bytes.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES).toString('utf8');
      this.#parts = [];
      this.#size = 0;
      return;
    }
    this.#parts.push(Buffer.from(bytes));
    this.#size += bytes.length;
  }

  #finishLine(lines: SplitLine[]): void {
    if (this.#skipping !== undefined) {
      lines.push({ kind: 'oversize', head: this.#skipping });
      this.#skipping = undefined;
      return;
    }
    const text = Buffer.concat(this.#parts).toString('utf8').replace(/\r$/, '');
    this.#parts = [];
    this.#size = 0;
    if (text.trim() !== '') lines.push({ kind: 'line', text });
  }
}
