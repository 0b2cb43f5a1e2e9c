/** One Server-Sent Event as framed on the wire. */
export interface SseMessage {
  readonly event: string;
  readonly data: string;
  /** The `id:` field, when the server sent one. */
  readonly id?: string;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML §9.2): feed it decoded text
 * as it arrives, in chunks cut anywhere; it returns every event a blank line completed. Comments
 * (heartbeats) are ignored; CRLF, CR and LF all end a line.
 */
export class SseParser {
  #buffer = '';
  #event = '';
  #data: string[] = [];
  #id: string | undefined;

  feed(text: string): SseMessage[] {
    this.#buffer += text;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.#buffer);
      if (match === null) break;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (match[0] === '\r' && match.index === this.#buffer.length - 1) break;
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const message = this.#line(line);
      if (message !== undefined) out.push(message);
    }
    return out;
  }

  #line(line: string): SseMessage | undefined {
    if (line === '') {
      if (this.#data.length === 0 && this.#event === '') return undefined;
      const message: SseMessage = { event: this.#event || 'message', data: this.#data.join('\n'), ...(this.#id === undefined ? {} : { id: this.#id }) };
      this.#event = '';
      this.#data = [];
      return message;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
    return undefined;
  }
}
