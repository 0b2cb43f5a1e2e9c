import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { InvalidRequestError, ServiceError } from '@skill-service/contracts';
import { errorAnswer } from '@skill-service/service';
import { SECURITY_HEADERS } from './security-headers.js';

export interface HttpTimeouts {
  /** A request's headers must all arrive within this. */
  readonly headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this; answering it may take longer. */
  readonly requestTimeoutMs: number;
  /** How often those two are checked: a slow request is cut at most this much past its bound. */
  readonly checkIntervalMs: number;
}

/**
 * Node's defaults (60 s for headers, 300 s for a request, checked every 30 s) let a client that
 * trickles its request in hold a connection for minutes. A JSON API's requests are small (1 MiB by
 * default): these bounds cut such a client within seconds, and never touch a long answer (a stream
 * or a slow execute), which starts once the request has arrived.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, checkIntervalMs: 1_000 };

const CLIENT_ERROR_LINGER_MS = 1000;

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** The answer to a request Node's parser refused, or one that took too long to arrive. */
function clientErrorResponse(code: string | undefined): string {
  const status = code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? 413 : 400;
  // 408 and 431 have no contract code: their status says it all. The others get the error payload.
  const traceId = randomUUID();
  const error =
    status === 400 ? new InvalidRequestError('Malformed HTTP request') : status === 413 ? new ServiceError('payload_too_large', 'Chunk extensions too large') : undefined;
  const body = error === undefined ? '' : JSON.stringify(errorAnswer(error, traceId).body);
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'x-trace-id': traceId,
    ...(body === '' ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${REASONS[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Node's own rule: answer only when nothing of another answer went out on the socket yet. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  // Closed once the answer is flushed, or anyway shortly after if the client does not read it.
  const cut = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  socket.end(clientErrorResponse(error.code), () => {
    clearTimeout(cut);
    socket.destroy();
  });
}

/**
 * The HTTP server of an app: bounded request timeouts, and a malformed request (a bad
 * Content-Length, a broken request line) answered with the security headers and, where the
 * contract has a code for it, the error payload.
 */
export function createHttpServer(app: RequestListener, timeouts: HttpTimeouts = HTTP_TIMEOUTS): Server {
  const server = createServer(
    { headersTimeout: timeouts.headersTimeoutMs, requestTimeout: timeouts.requestTimeoutMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    app,
  );
  server.on('clientError', answerClientError);
  return server;
}
