// Shared by the specs: HTTP at the byte level (node:net and node:http, no client library in
// between), for what supertest and fetch hide: framing, early answers, closed connections, timing.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Lower-cased names; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Splits one HTTP/1.x answer with a Content-Length (or none, read to the close) into its parts. */
export function parseRawResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = text.slice(end + 4);
  const length = headers['content-length'];
  return { status, headers, body: length === undefined ? rest : rest.slice(0, Number(length)) };
}

export interface Exchange {
  /** Everything the server sent. */
  readonly received: string;
  /** Whether the server closed the connection (rather than the timeout ending the wait). */
  readonly closedByServer: boolean;
  /** Milliseconds from the first write to the first byte of the answer (undefined: none came). */
  readonly firstByteMs: number | undefined;
  /** Milliseconds from the first write until the wait ended. */
  readonly elapsedMs: number;
}

export interface ExchangeOptions {
  /** Gives up (and destroys the socket) after this long; default 5 s. */
  readonly timeoutMs?: number;
  /** Ends the wait once what arrived satisfies this (default: only the server's close does). */
  readonly until?: (received: string) => boolean;
}

/**
 * Opens a connection, lets `send` write to it (at its own pace), and collects the answer until the
 * server closes the connection, `until` holds, or the timeout. Never rejects: the caller asserts.
 */
export function exchange(port: number, send: (socket: Socket) => void, options: ExchangeOptions = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let received = '';
    let firstByteMs: number | undefined;
    let settled = false;
    const finish = (closedByServer: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ received, closedByServer, firstByteMs, elapsedMs: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 5000);
    socket.on('data', (chunk: Buffer) => {
      firstByteMs ??= Date.now() - started;
      received += chunk.toString('latin1');
      if (options.until?.(received) === true) finish(false);
    });
    // A reset after the answer (the server closing on an unread body) is a close too.
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('connect', () => send(socket));
  });
}

/** Writes `data` at once. */
export const sendAll =
  (data: string | Buffer) =>
  (socket: Socket): void => {
    socket.write(data);
  };

/** Writes `data` one byte every `intervalMs`, until the socket closes. */
export const trickle =
  (data: string, intervalMs: number) =>
  (socket: Socket): void => {
    let index = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || index >= data.length) {
        clearInterval(timer);
        return;
      }
      socket.write(data.charAt(index));
      index += 1;
    }, intervalMs);
    socket.once('close', () => clearInterval(timer));
  };

export interface Streamed {
  readonly response: RawResponse;
  /** Body bytes the client had written when the answer's first byte arrived. */
  readonly sentBeforeAnswer: number;
  readonly firstByteMs: number | undefined;
  readonly closedByServer: boolean;
}

/**
 * Sends `head` then a body of `totalBytes` spaces, 64 KiB at a time as the socket drains (so the
 * client never holds much in memory), chunked when `chunked`. Stops writing once an answer arrives.
 */
/**
 * Streams a `totalBytes` body after `head`. With `holdAfterBytes`, the client stops sending at that
 * point and waits for the answer: a server that answers only after the whole body never answers, so
 * "answered before the upload was whole" does not depend on how fast this client's loop runs.
 */
export async function streamBody(
  port: number,
  head: string,
  totalBytes: number,
  options: { chunked: boolean; timeoutMs?: number; holdAfterBytes?: number },
): Promise<Streamed> {
  const holdAt = Math.min(totalBytes, options.holdAfterBytes ?? totalBytes);
  let sent = 0;
  let sentBeforeAnswer: number | undefined;
  const chunk = Buffer.alloc(64 * 1024, ' ');
  const result = await exchange(
    port,
    (socket) => {
      socket.write(head);
      const pump = (): void => {
        while (sentBeforeAnswer === undefined && !socket.destroyed && sent < holdAt) {
          const size = Math.min(chunk.length, holdAt - sent);
          const frame = options.chunked ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), chunk.subarray(0, size), Buffer.from('\r\n')]) : chunk.subarray(0, size);
          sent += size;
          if (!socket.write(frame)) {
            socket.once('drain', pump);
            return;
          }
        }
        if (options.chunked && sent >= totalBytes && !socket.destroyed) socket.write('0\r\n\r\n');
      };
      socket.on('data', () => (sentBeforeAnswer ??= sent));
      socket.on('error', () => undefined);
      pump();
    },
    // No `until`: the wait ends when the server closes the connection (or at the timeout).
    { timeoutMs: options.timeoutMs ?? 10_000 },
  );
  return { response: parseRawResponse(result.received), sentBeforeAnswer: sentBeforeAnswer ?? sent, firstByteMs: result.firstByteMs, closedByServer: result.closedByServer };
}

/** Whether `text` holds a whole answer with a Content-Length. */
export function isComplete(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1];
  return length !== undefined && Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(length);
}

export interface TimedResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The body as it arrived, chunk by chunk, each with its arrival time (ms since the request). */
  readonly chunks: ReadonlyArray<{ readonly atMs: number; readonly bytes: Buffer }>;
  readonly body: Buffer;
  /** When the response ended (its last byte was read): ms since the request. */
  readonly endMs: number;
}

/** One request over node:http (no keep-alive agent), read to its end with the timing of each chunk. */
export function timedRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const client = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (response) => {
      const chunks: Array<{ atMs: number; bytes: Buffer }> = [];
      response.on('data', (bytes: Buffer) => chunks.push({ atMs: Date.now() - started, bytes }));
      response.on('error', reject);
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          chunks,
          body: Buffer.concat(chunks.map((chunk) => chunk.bytes)),
          endMs: Date.now() - started,
        });
      });
    });
    const timer = setTimeout(() => client.destroy(new Error(`no complete answer within ${init.timeoutMs ?? 10_000} ms`)), init.timeoutMs ?? 10_000);
    client.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    client.end(init.body);
  });
}
