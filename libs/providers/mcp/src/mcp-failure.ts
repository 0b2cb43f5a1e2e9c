import {
  InvalidConfigurationError,
  InvalidRequestError,
  isServiceError,
  sanitizeMessage,
  ServiceError,
  UpstreamFailureError,
  UpstreamTimeoutError,
} from '@skill-service/contracts';

/** What a failure message names. */
export interface CallSubject {
  readonly serviceId: string;
  readonly tool: string;
  readonly timeoutMs: number;
}

/** The JSON-RPC error codes told apart here (the SDK's `ErrorCode` values). */
export const RPC_ERROR = { ConnectionClosed: -32000, RequestTimeout: -32001, MethodNotFound: -32601, InvalidParams: -32602 } as const;

/**
 * A protocol error raised in this process, shaped like the SDK's McpError (name, code, message
 * prefix), so one check covers both: the SDK (and its error classes) loads only with a connection
 * to a server, and a process calling only in-process tool sets never loads it.
 */
export class ToolProtocolError extends Error {
  override readonly name = 'McpError';

  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`MCP error ${code}: ${message}`);
  }
}

interface ProtocolErrorLike extends ErrorLike {
  readonly code: number;
}

/** The SDK's McpError or a ToolProtocolError, matched by form. */
function isProtocolError(error: unknown): error is ProtocolErrorLike {
  return isErrorLike(error) && error.name === 'McpError' && typeof error.code === 'number';
}

// The SDK's StreamableHTTPError (an HTTP status from a remote server), matched by its message form.
const STREAMABLE_HTTP_ERROR = 'Streamable HTTP error: ';

const UNKNOWN_TOOL = /\bnot found\b|\bunknown tool\b|\bno such tool\b/i;
// The SDK prefixes every McpError message with this, once per hop (a server's McpError arrives as
// "MCP error -32602: MCP error -32602: …"); McpServer also puts it into isError text.
const MCP_ERROR_PREFIX = /^(?:MCP error (-?\d+):\s*)+/;

/**
 * Maps a JSON-RPC error code from the server to the contract's taxonomy. Unknown tool (-32602
 * "not found", or -32601) is a binding that names the wrong tool: 409. Other -32602 means the
 * server rejected the arguments, which come from the caller's input: 400. Anything else: 502.
 */
export function protocolFailure(code: number, rawMessage: string, subject: CallSubject): ServiceError {
  const message = sanitizeMessage(rawMessage.replace(MCP_ERROR_PREFIX, ''));
  const { serviceId, tool } = subject;
  if (code === RPC_ERROR.MethodNotFound || (code === RPC_ERROR.InvalidParams && UNKNOWN_TOOL.test(message))) {
    return new InvalidConfigurationError(`MCP service '${serviceId}' has no tool '${tool}': ${message}`);
  }
  if (code === RPC_ERROR.InvalidParams) {
    return new InvalidRequestError(`MCP tool '${tool}' of service '${serviceId}' rejected its arguments: ${message}`);
  }
  return new UpstreamFailureError(`MCP tool '${tool}' of service '${serviceId}' failed: ${message}`);
}

/**
 * `McpServer` turns protocol errors raised while handling `tools/call` (unknown tool, bad
 * arguments) into an `isError` result whose text is `MCP error <code>: …`; recover the code.
 */
export function wrappedProtocolCode(text: string): number | undefined {
  const match = MCP_ERROR_PREFIX.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Whether a failed call says nothing about the tool but about the link to the server (network
 * error, HTTP status, broken pipe): the connection is then dropped and the next call reconnects.
 * JSON-RPC errors, timeouts and malformed results leave a working session in place.
 */
export function isTransportFault(error: unknown): boolean {
  return !isProtocolError(error) && !isServiceError(error) && !isMalformedResult(error);
}

// The SDK validates results with zod and rejects with the ZodError itself.
function isMalformedResult(error: unknown): boolean {
  return isErrorLike(error) && error.name === 'ZodError';
}

/** The error for a failed `tools/call` that was not aborted by the caller. */
export function callFailure(error: unknown, subject: CallSubject, kind: string): ServiceError {
  if (isServiceError(error)) return error;
  const { serviceId, tool, timeoutMs } = subject;
  if (isProtocolError(error)) {
    if (error.code === RPC_ERROR.RequestTimeout) {
      return new UpstreamTimeoutError(`MCP tool '${tool}' of service '${serviceId}' did not answer within ${timeoutMs} ms.`, { cause: error });
    }
    if (error.code === RPC_ERROR.ConnectionClosed) {
      const what = kind === 'stdio' ? 'exited' : 'closed the connection';
      return new UpstreamFailureError(
        `MCP server '${serviceId}' ${what} during the call to tool '${tool}'; it is reconnected on the next call.`,
        { cause: error },
      );
    }
    const failure = protocolFailure(error.code, error.message, subject);
    return new ServiceError(failure.code, failure.message, { cause: error });
  }
  if (isMalformedResult(error)) {
    return new UpstreamFailureError(`MCP tool '${tool}' of service '${serviceId}' returned a malformed result.`, { cause: error });
  }
  return transportFailure(error, serviceId);
}

/** The error for a connection attempt (spawn, HTTP, `initialize`) that failed. */
export function connectFailure(error: unknown, serviceId: string, connectTimeoutMs: number): ServiceError {
  if (isServiceError(error)) return error;
  if (isProtocolError(error) && error.code === RPC_ERROR.RequestTimeout) {
    return new UpstreamTimeoutError(`MCP server '${serviceId}' did not complete initialisation within ${connectTimeoutMs} ms.`, { cause: error });
  }
  return new UpstreamFailureError(`Could not connect to MCP server '${serviceId}': ${transportDetail(error)}`, { cause: error });
}

function transportFailure(error: unknown, serviceId: string): ServiceError {
  return new UpstreamFailureError(`The link to MCP server '${serviceId}' failed: ${transportDetail(error)}`, { cause: error });
}

function transportDetail(error: unknown): string {
  if (isErrorLike(error) && error.message.startsWith(STREAMABLE_HTTP_ERROR)) {
    const message = sanitizeMessage(error.message.slice(STREAMABLE_HTTP_ERROR.length));
    return typeof error.code === 'number' ? `the server answered HTTP ${error.code}: ${message}` : message;
  }
  return sanitizeMessage(isErrorLike(error) ? describe(error) : String(error));
}

// fetch failures carry the useful part (ECONNREFUSED…) in `cause`. Spawn errors name the command's
// path, and responses carry no filesystem paths, so only their code is kept.
function describe(error: ErrorLike): string {
  const { code, syscall } = error;
  if (typeof syscall === 'string' && syscall.startsWith('spawn')) {
    return `the server command could not be started (${typeof code === 'string' ? code : 'spawn failed'})`;
  }
  const cause = isErrorLike(error.cause) ? `: ${error.cause.message}` : '';
  return typeof code === 'string' && !error.message.includes(code) ? `${error.message} (${code})${cause}` : `${error.message}${cause}`;
}

/** Calls after `close()`. */
export function providerClosed(): ServiceError {
  return new ServiceError('service_unavailable', 'The MCP provider is shut down.');
}

/** The error for a call the caller aborted: the signal's reason when it is a ServiceError. */
export function abortFailure(signal: AbortSignal, subject: CallSubject): ServiceError {
  const reason: unknown = signal.reason;
  if (isServiceError(reason)) return reason;
  const { serviceId, tool } = subject;
  if (isErrorLike(reason) && reason.name === 'TimeoutError') {
    return new UpstreamTimeoutError(`MCP tool '${tool}' of service '${serviceId}' timed out.`, { cause: reason });
  }
  return new UpstreamFailureError(`The call to MCP tool '${tool}' of service '${serviceId}' was cancelled.`, { cause: reason });
}

interface ErrorLike {
  readonly name: string;
  readonly message: string;
  readonly cause?: unknown;
  readonly code?: unknown;
  readonly syscall?: unknown;
}

// Duck-typed, not `instanceof Error`: errors from Node internals (spawn, fetch, DOMException) can
// come from another realm (Jest's ESM VM contexts, for one), where `instanceof` is false.
function isErrorLike(value: unknown): value is ErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}
