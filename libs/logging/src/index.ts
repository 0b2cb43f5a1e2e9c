/*
 * @skill-service/logging — structured logs: a winston logger writing one JSON object per line to a
 * given stream (stderr in the apps), with credentials redacted by key name, by form (Bearer
 * credentials, JWTs) and by value (the configured API key and JWT secret), messages included.
 */
export { createLogger, type LogFields, type LogLevel, type Logger, type LoggerOptions } from './create-logger.js';
export { MIN_SECRET_LENGTH, REDACTED, Redactor } from './redact.js';
