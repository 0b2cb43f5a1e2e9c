const NEWLINE = 0x0a;

/**
 * Cuts a byte stream into `\n`-terminated lines without ever holding more than `maxBytes` of one
 * line: a longer line is reported once through `onOversize` and its remaining bytes are dropped.
 * Bytes are split before decoding, so a multi-byte UTF-8 character is never cut in half.
 */
export class LineSplitter {
  private chunks: Buffer[] = [];
  private size = 0;
  private discarding = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: (line: Buffer) => void,
    /** `head` lazily returns what was kept of the line (at most `maxBytes`). */
    private readonly onOversize: (head: () => Buffer) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      if (!this.discarding) this.keep(chunk.subarray(start, end));
      if (newline === -1) return;
      if (this.discarding) this.discarding = false;
      else this.onLine(this.take());
      start = newline + 1;
    }
  }

  /** Emits a last line that had no terminating newline (end of stream). */
  flush(): void {
    if (!this.discarding && this.size > 0) this.onLine(this.take());
    this.discarding = false;
  }

  private keep(piece: Buffer): void {
    if (this.size + piece.length <= this.maxBytes) {
      this.chunks.push(piece);
      this.size += piece.length;
      return;
    }
    const kept = [...this.chunks, piece.subarray(0, this.maxBytes - this.size)];
    this.chunks = [];
    this.size = 0;
    this.discarding = true;
    this.onOversize(() => Buffer.concat(kept));
  }

  private take(): Buffer {
    const line = Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    return line;
  }
}
