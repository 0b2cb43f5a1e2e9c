import { pino, type DestinationStream } from 'pino';
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
}

export interface LoggerOptions {
  /**
   * Where the lines go. Default: stderr (stdout stays for answers), written asynchronously in
   * batches and flushed when the process exits.
   */
  readonly stream?: DestinationStream;
  /** Lowest level written; default `info`. */
  readonly level?: LogLevel;
  /** Values that must never be written (API keys, the JWT secret), wherever they would appear. */
  readonly secrets?: readonly (string | undefined)[];
  /** Added to every line as `logger` (which program wrote it). */
  readonly name?: string;
}

const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * A pino logger writing JSON lines (`level`, `timestamp`, `logger`, `message`, then the fields),
 * every line redacted first (see `Redactor`): credentials never reach the log, whether passed as a
 * field or quoted inside a message. pino because a line per request is the server's most frequent
 * write: its destination batches lines into few writes (winston wrote each one synchronously to
 * the stderr pipe, ~5 % of a request's CPU).
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const redactor = new Redactor(options.secrets);
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: options.name === undefined ? null : { logger: options.name },
      messageKey: 'message',
      timestamp: () => `,"timestamp":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Bounded: a stalled stderr reader costs dropped lines, never unbounded memory.
    options.stream ?? pino.destination({ dest: 2, sync: false, maxLength: MAX_BUFFERED_BYTES }),
  );
  const log = (level: LogLevel, message: string, fields: LogFields = {}): void => {
    if (!logger.isLevelEnabled(level)) return;
    // The message first among the fields, so lines read alike.
    logger[level](redactor.fields({ message, ...fields }));
  };
  return {
    log,
    error: (message, fields) => log('error', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    info: (message, fields) => log('info', message, fields),
    debug: (message, fields) => log('debug', message, fields),
  };
}
