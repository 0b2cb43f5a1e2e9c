import winston from 'winston';
import TransportStream from 'winston-transport';
import { LineBatcher, type LineSink } from './line-batcher.js';
import { Redactor } from './redact.js';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export type LogFields = Readonly<Record<string, unknown>>;

/** A structured logger: one JSON object per line. */
export interface Logger {
  error(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
  log(level: LogLevel, message: string, fields?: LogFields): void;
  /** Writes what is still batched (tests; the process does it itself at exit). */
  flush(): void;
}

export interface LoggerOptions {
  /**
   * Where the lines go. Default: stderr (stdout stays for answers), written asynchronously in
   * batches and flushed when the process exits.
   */
  readonly stream?: NodeJS.WritableStream;
  /** Lowest level written; default `info`. */
  readonly level?: LogLevel;
  /** Values that must never be written (API keys, the JWT secret), wherever they would appear. */
  readonly secrets?: readonly (string | undefined)[];
  /** Added to every line as `logger` (which program wrote it). */
  readonly name?: string;
}

const LEVELS: Readonly<Record<LogLevel, number>> = { error: 0, warn: 1, info: 2, debug: 3 };
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
// winston's formats leave the finished line under this symbol (triple-beam's MESSAGE).
const MESSAGE = Symbol.for('message');

interface LogInfo {
  level: string;
  [MESSAGE]?: string;
  [field: string]: unknown;
}

/**
 * The line of an info object that `createLogger` built in line order (`level`, `timestamp`,
 * `logger`, `message`, then the fields): one `JSON.stringify`, no copy on the hot path.
 */
const jsonLine = winston.format((info) => {
  (info as LogInfo)[MESSAGE] = `${JSON.stringify(info)}\n`;
  return info;
});

/** A winston transport that hands each finished line to a `LineBatcher` and never waits for I/O. */
class BatchedTransport extends TransportStream {
  constructor(private readonly batcher: LineBatcher) {
    super();
  }

  override log(info: LogInfo, next: () => void): void {
    const line = info[MESSAGE];
    if (line !== undefined) this.batcher.add(line);
    next();
  }
}

/**
 * A winston logger writing JSON lines (`level`, `timestamp`, `logger`, `message`, then the fields),
 * every line redacted first (see `Redactor`): credentials never reach the log, whether passed as a
 * field or quoted inside a message. A line per request is the server's most frequent write, so the
 * transport batches lines (`LineBatcher`): the request that logs pays for formatting only, and
 * stderr sees at most one asynchronous write per turn of the event loop.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const redactor = new Redactor(options.secrets);
  const sink: LineSink = options.stream === undefined ? { fd: 2 } : { stream: options.stream };
  const batcher = new LineBatcher(sink, MAX_BUFFERED_BYTES);
  const logger = winston.createLogger({
    levels: LEVELS,
    level: options.level ?? 'info',
    format: jsonLine(),
    transports: [new BatchedTransport(batcher)],
    exitOnError: false,
  });
  const threshold = LEVELS[options.level ?? 'info'];
  const head = options.name === undefined ? {} : { logger: options.name };
  const log = (level: LogLevel, message: string, fields: LogFields = {}): void => {
    if (LEVELS[level] > threshold) return;
    // Redacted into a fresh object, in line order; a field named like a head key cannot displace it.
    const info: LogInfo = { level, timestamp: new Date().toISOString(), ...head, ...redactor.fields({ message, ...fields }) };
    info.level = level;
    logger.log(info as winston.LogEntry);
  };
  return {
    log,
    error: (message, fields) => log('error', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    info: (message, fields) => log('info', message, fields),
    debug: (message, fields) => log('debug', message, fields),
    flush: () => batcher.flushSync(),
  };
}
