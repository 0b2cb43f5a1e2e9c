import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { createLogger, type LoggerOptions } from './create-logger.js';
import { REDACTED } from './redact.js';

const API_KEY = 'sk-live-4f9a8b7c6d5e';
const JWT_SECRET = 'jwt-secret-0123456789abcdef0123456789abcdef';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXBhcnQ';

/** A logger over an in-memory stream, and the lines written so far. */
function capture(options: Omit<LoggerOptions, 'stream'> = {}): { logger: ReturnType<typeof createLogger>; text: () => string; lines: () => Record<string, unknown>[] } {
  const stream = new PassThrough();
  let written = '';
  stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const logger = createLogger({ stream, ...options });
  const text = (): string => {
    logger.flush();
    return written;
  };
  return {
    logger,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('createLogger', () => {
  it('writes one JSON object per line with timestamp, level, message and the fields', () => {
    const { logger, text, lines } = capture({ name: 'skill-server' });
    logger.info('request', { trace_id: 't-1', route: '/v1/health', status: 200, duration_ms: 1.5 });
    logger.warn('circuit opened', { service_id: 'svc' });
    expect(text().endsWith('\n')).toBe(true);
    const [first, second] = lines();
    expect(Object.keys(first ?? {}).slice(0, 4)).toEqual(['level', 'timestamp', 'logger', 'message']);
    expect(first).toMatchObject({ level: 'info', message: 'request', trace_id: 't-1', route: '/v1/health', status: 200, duration_ms: 1.5, logger: 'skill-server' });
    expect(Date.parse(String(first?.['timestamp']))).not.toBeNaN();
    expect(second).toMatchObject({ level: 'warn', message: 'circuit opened', service_id: 'svc' });
  });

  it('drops lines below the level', () => {
    const { logger, lines } = capture({ level: 'warn' });
    logger.debug('noise');
    logger.info('noise');
    logger.error('kept');
    expect(lines().map((line) => line['message'])).toEqual(['kept']);
  });

  it('redacts credential fields by key name, at any depth', () => {
    const { logger, lines, text } = capture();
    logger.info('headers seen', {
      headers: { authorization: 'Bearer abc.def', 'x-api-key': 'plain-key-value', accept: 'application/json' },
      password: 'hunter22',
      nested: [{ client_secret: 'shhh-value', token: 'tok-value', api_key: 'ak-value' }],
      subject: 'alice',
    });
    const [line] = lines();
    expect(line).toMatchObject({
      headers: { authorization: REDACTED, 'x-api-key': REDACTED, accept: 'application/json' },
      password: REDACTED,
      nested: [{ client_secret: REDACTED, token: REDACTED, api_key: REDACTED }],
      subject: 'alice',
    });
    for (const secret of ['abc.def', 'plain-key-value', 'hunter22', 'shhh-value', 'tok-value', 'ak-value']) expect(text()).not.toContain(secret);
  });

  it('redacts the configured secrets by value, inside messages, fields and error stacks', () => {
    const { logger, text, lines } = capture({ secrets: [API_KEY, JWT_SECRET, undefined] });
    logger.error(`auth failed for key ${API_KEY} (secret ${JWT_SECRET})`, {
      detail: `x-api-key=${API_KEY}`,
      list: [`prefix${JWT_SECRET}suffix`],
      error: new Error(`boom with ${API_KEY}`),
    });
    expect(text()).not.toContain(API_KEY);
    expect(text()).not.toContain(JWT_SECRET);
    const [line] = lines();
    expect(line?.['message']).toBe(`auth failed for key ${REDACTED} (secret ${REDACTED})`);
    expect(line?.['detail']).toBe(`x-api-key=${REDACTED}`);
    expect(line?.['list']).toEqual([`prefix${REDACTED}suffix`]);
    expect(line?.['error']).toMatchObject({ name: 'Error', message: `boom with ${REDACTED}` });
  });

  it('redacts Bearer credentials and JWTs by their form, even when not configured', () => {
    const { logger, text, lines } = capture();
    logger.info(`upstream said: Authorization: Bearer ${JWT}; token=${JWT}`);
    expect(text()).not.toContain(JWT);
    expect(text()).not.toContain('c2lnbmF0dXJlLXBhcnQ');
    expect(lines()[0]?.['message']).toBe(`upstream said: Authorization: Bearer ${REDACTED}; token=${REDACTED}`);
  });

  it('writes BigInt fields as strings instead of failing the line', () => {
    const { logger, lines } = capture();
    logger.info('counted', { total: 12345678901234567890n, nested: { n: 7n } });
    expect(lines()[0]).toMatchObject({ message: 'counted', total: '12345678901234567890', nested: { n: '7' } });
  });

  it('ignores configured values too short to look for, and survives cycles', () => {
    const { logger, lines } = capture({ secrets: ['ab'] });
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    logger.info('tabs and labs', { cyclic });
    const [line] = lines();
    expect(line?.['message']).toBe('tabs and labs');
    expect(line?.['cyclic']).toEqual({ name: 'loop', self: '[…]' });
  });
});
