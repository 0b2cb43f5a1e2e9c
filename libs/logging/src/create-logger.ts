import type { Writable } from 'node:stream';
import winston from 'winston';
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
  /** Where the lines go (stderr in the apps, so stdout stays for answers). */
  readonly stream: Writable;
  /** Lowest level written; default `info`. */
  readonly level?: LogLevel;
  /** Values that must never be written (API keys, the JWT secret), wherever they would appear. */
  readonly secrets?: readonly (string | undefined)[];
  /** Added to every line as `logger` (which program wrote it). */
  readonly name?: string;
}

/**
 * A winston logger writing JSON lines (`timestamp`, `level`, `message`, then the fields) to one
 * stream, with every line redacted first (see `Redactor`): credentials never reach the log,
 * whether passed as a field or quoted inside a message.
 */
export function createLogger(options: LoggerOptions): Logger {
  const redactor = new Redactor(options.secrets);
  const redact = winston.format((info) => {
    // Winston keeps its own state under symbol keys; only the string-keyed fields are rewritten.
    const clean = redactor.fields(info as Record<string, unknown>);
    for (const key of Object.keys(info)) delete (info as Record<string, unknown>)[key];
    // The fixed keys first, so lines read alike.
    return Object.assign(info, { timestamp: clean['timestamp'], level: clean['level'], message: clean['message'], ...clean });
  });
  const logger = winston.createLogger({
    level: options.level ?? 'info',
    format: winston.format.combine(
      winston.format.timestamp(),
      redact(),
      winston.format.json({ deterministic: false }),
    ),
    defaultMeta: options.name === undefined ? undefined : { logger: options.name },
    transports: [new winston.transports.Stream({ stream: options.stream })],
  });
  const log = (level: LogLevel, message: string, fields: LogFields = {}): void => {
    logger.log({ ...fields, level, message });
  };
  return {
    log,
    error: (message, fields) => log('error', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    info: (message, fields) => log('info', message, fields),
    debug: (message, fields) => log('debug', message, fields),
  };
}
