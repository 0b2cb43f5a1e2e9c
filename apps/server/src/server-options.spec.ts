import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { parseServerCommand, type ServerCommand, type ServerOptions } from './server-options.js';
import { FIXTURES_DIR } from './testing/test-server.js';

const DEFAULTS = { registryRoot: join(FIXTURES_DIR, 'registry'), runtimeRoot: join(FIXTURES_DIR, 'runtime') };

function serve(command: ServerCommand): ServerOptions {
  if (command.kind !== 'serve') throw new Error(`expected options, got ${JSON.stringify(command)}`);
  return command.options;
}

const parse = (argv: string[], env: Record<string, string> = {}): ServerCommand => parseServerCommand(argv, env, DEFAULTS);

describe('parseServerCommand', () => {
  it('has the documented defaults', () => {
    expect(serve(parse([]))).toEqual({
      host: '127.0.0.1',
      port: 8080,
      apiKey: undefined,
      rateLimit: { requests: 6000, windowSeconds: 60, maxClients: 10_000 },
      auth: { rbac: false, apiKeyHashes: [], jwt: undefined, publicProbes: true, plugins: [] },
      trustProxy: [],
      registryRoot: DEFAULTS.registryRoot,
      runtimeRoot: DEFAULTS.runtimeRoot,
      bodyLimitBytes: 1024 * 1024,
      asyncWorkers: 4,
      maxWorkers: 8,
      maxRuns: 100,
      maxRunResultBytes: 1024 * 1024,
      runAttempts: 1,
      outboundAllow: [],
      auditPath: undefined,
      auditMode: 'standard',
      trustLevel: 'standard',
      stepTimeoutSeconds: 60,
      bindingPreference: undefined,
      python: { executable: 'python3', poolSize: 2, extraModulePrefixes: [] },
      heartbeatMs: 15_000,
      drainMs: 10_000,
      redis: undefined,
      workers: 1,
      idempotencyTtlSeconds: 86_400,
      runLockSeconds: 30,
    });
  });

  it('reads every flag', () => {
    const options = serve(
      parse([
        '--host', '0.0.0.0',
        '--port', '9000',
        '--api-key', 'secret',
        '--rate-limit-requests', '3',
        '--rate-limit-window-seconds', '2.5',
        '--registry-root', FIXTURES_DIR,
        '--runtime-root', FIXTURES_DIR,
        '--body-limit', '512kb',
      ]),
    );
    expect(options).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      apiKey: 'secret',
      rateLimit: { requests: 3, windowSeconds: 2.5 },
      registryRoot: FIXTURES_DIR.replace(/\/$/, ''),
      runtimeRoot: FIXTURES_DIR.replace(/\/$/, ''),
      bodyLimitBytes: 512 * 1024,
    });
  });

  it('reads the environment, and flags win over it', () => {
    const env = {
      SERVICE_PORT: '7000',
      SERVICE_API_KEY: 'from-env',
      SERVICE_ASYNC_WORKERS: '2',
      SERVICE_MAX_WORKERS: '3',
      SERVICE_MAX_RUNS: '5',
      SERVICE_OUTBOUND_ALLOW: '127.0.0.1:8780, 10.0.0.0/8',
      SERVICE_AUDIT_PATH: 'audit/log.jsonl',
      SERVICE_AUDIT_MODE: 'full',
      SERVICE_TRUST_LEVEL: 'elevated',
      SERVICE_BINDING_PREFERENCE: 'mcp,pythoncall',
      SERVICE_PYTHON_MODULES: 'my_modules.',
      SERVICE_SSE_HEARTBEAT_SECONDS: '0.05',
      SERVICE_DRAIN_SECONDS: '1',
      SERVICE_BODY_LIMIT: '2048',
    };
    const options = serve(parse(['--port', '9001'], env));
    expect(options).toMatchObject({
      port: 9001,
      apiKey: 'from-env',
      asyncWorkers: 2,
      maxWorkers: 3,
      maxRuns: 5,
      outboundAllow: ['127.0.0.1:8780', '10.0.0.0/8'],
      auditMode: 'full',
      trustLevel: 'elevated',
      bindingPreference: ['mcp', 'pythoncall'],
      python: { executable: 'python3', poolSize: 2, extraModulePrefixes: ['my_modules.'] },
      heartbeatMs: 50,
      drainMs: 1000,
      bodyLimitBytes: 2048,
    });
    expect(options.auditPath).toMatch(/\/audit\/log\.jsonl$/);
  });

  it.each([
    ['open on loopback', [], {}, 6000],
    ['open on ::1', ['--host', '::1'], {}, 6000],
    ['open on localhost', ['--host', 'localhost'], {}, 6000],
    ['open on every address', ['--host', '0.0.0.0'], {}, 60],
    ['open on a LAN address', ['--host', '192.168.1.20'], {}, 60],
    ['with an API key on loopback', ['--api-key', 'secret'], {}, 60],
    ['with RBAC on loopback', [], { SERVICE_RBAC: '1' }, 60],
    ['set explicitly', ['--host', '0.0.0.0', '--rate-limit-requests', '7'], {}, 7],
    ['set explicitly on loopback', [], { SERVICE_RATE_LIMIT_REQUESTS: '5' }, 5],
  ])('defaults the rate limit to fit the mode: %s', (_mode, argv, env, requests) => {
    expect(serve(parse(argv, env)).rateLimit.requests).toBe(requests);
  });

  it('treats an empty variable as unset', () => {
    expect(serve(parse([], { SERVICE_PORT: '', SERVICE_MAX_RUNS: '' }))).toMatchObject({ port: 8080, maxRuns: 100 });
  });

  it.each([
    [['--port', 'abc'], {}, "--port must be an integer from 0 to 65535, got 'abc'"],
    [['--port', '70000'], {}, "--port must be an integer from 0 to 65535, got '70000'"],
    [['--host', ''], {}, '--host must not be empty'],
    [['--body-limit', '1gb'], {}, "--body-limit must be a size from 1 byte to 100mb (e.g. 1048576, 512kb, 1mb), got '1gb'"],
    [['--rate-limit-window-seconds', '0'], {}, "--rate-limit-window-seconds must be a number of seconds above 0 and at most 86400, got '0'"],
    [['--registry-root', '/definitely/not/here'], {}, "--registry-root is not a directory: '/definitely/not/here'"],
    [[], { SERVICE_ASYNC_WORKERS: '0' }, "SERVICE_ASYNC_WORKERS must be an integer from 1 to 256, got '0'"],
    [[], { SERVICE_MAX_RUNS: 'many' }, "SERVICE_MAX_RUNS must be an integer from 1 to 1000000, got 'many'"],
    [[], { SERVICE_TRUST_LEVEL: 'root' }, "SERVICE_TRUST_LEVEL must be one of sandbox, standard, elevated, privileged, got 'root'"],
    [['--verbose'], {}, "Unknown option '--verbose'"],
    [['serve'], {}, "Unexpected argument 'serve'"],
    [['--workers', '0'], {}, "--workers must be an integer from 1 to 64, got '0'"],
    [['--workers', 'abc'], {}, "--workers must be an integer from 1 to 64, got 'abc'"],
    [[], { SERVICE_WORKERS: '2' }, '--workers 2 needs shared state: set --redis-url or SERVICE_REDIS_URL (with in-memory state each process would keep its own runs, webhooks and rate limits)'],
    [['--redis-url', ''], {}, '--redis-url must not be empty'],
  ])('refuses %j %j with one line', (argv, env, message) => {
    expect(parse(argv, env)).toEqual({ kind: 'usage_error', message });
  });

  it('keeps state in memory in one process unless Redis is named', () => {
    expect(serve(parse([]))).toMatchObject({ redis: undefined, workers: 1 });
    expect(serve(parse(['--workers', '3', '--redis-url', 'redis://127.0.0.1:6379'], { SERVICE_REDIS_PREFIX: 'blue' }))).toMatchObject({
      redis: { url: 'redis://127.0.0.1:6379', prefix: 'blue' },
      workers: 3,
    });
    expect(serve(parse([], { SERVICE_REDIS_URL: 'redis://cache:6379' })).redis).toEqual({ url: 'redis://cache:6379', prefix: 'skills' });
  });

  it('answers --help with the usage', () => {
    const command = parse(['--help']);
    expect(command.kind).toBe('help');
    expect(command.kind === 'help' && command.text).toContain('SERVICE_ASYNC_WORKERS');
  });
});
