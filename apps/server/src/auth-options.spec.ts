// The authentication and rate-limit settings of parseServerCommand.
import { describe, expect, it } from '@jest/globals';
import { sha256Hex } from '@skill-service/auth';
import { parseServerCommand, USAGE, type ServerCommand, type ServerOptions } from './server-options.js';
import { FIXTURES_DIR } from './testing/test-server.js';

const DEFAULTS = { registryRoot: FIXTURES_DIR, runtimeRoot: FIXTURES_DIR };
const SECRET = 'x'.repeat(32);

const parse = (argv: string[], env: Record<string, string> = {}): ServerCommand => parseServerCommand(argv, env, DEFAULTS);

function serve(command: ServerCommand): ServerOptions {
  if (command.kind !== 'serve') throw new Error(`expected options, got ${JSON.stringify(command)}`);
  return command.options;
}

function usageError(command: ServerCommand): string {
  if (command.kind !== 'usage_error') throw new Error(`expected a usage error, got ${command.kind}`);
  return command.message;
}

describe('auth options', () => {
  it('default to the legacy mode, public probes, 60 requests per 60 s off loopback and 10,000 tracked clients', () => {
    const options = serve(parse(['--host', '0.0.0.0']));
    expect(options.auth).toEqual({ rbac: false, apiKeyHashes: [], jwt: undefined, publicProbes: true, plugins: [] });
    expect(options.rateLimit).toEqual({ requests: 60, windowSeconds: 60, maxClients: 10_000 });
    expect(options.trustProxy).toEqual([]);
  });

  it('read RBAC, the JWT settings, hashed keys, plugins, proxies and the probe toggle', () => {
    const digest = sha256Hex('ops-key');
    const options = serve(
      parse(['--auth-plugin', 'forwarded-user', '--auth-plugin', 'a,b', '--trust-proxy', '10.0.0.0/8, ::1', '--require-auth-all'], {
        SERVICE_RBAC: '1',
        SERVICE_JWT_SECRET: SECRET,
        SERVICE_JWT_LEEWAY_SECONDS: '5',
        SERVICE_JWT_ISSUER: 'idp',
        SERVICE_JWT_AUDIENCE: 'skills',
        SERVICE_API_KEYS: `ops:operator:${digest.toUpperCase()}, ci:executor:${sha256Hex('ci')}`,
        SERVICE_RATE_LIMIT_MAX_CLIENTS: '500',
        SERVICE_AUTH_PLUGINS: 'ignored-when-the-flag-is-given',
      }),
    );
    expect(options.auth).toEqual({
      rbac: true,
      apiKeyHashes: [
        { subject: 'ops', role: 'operator', sha256: digest },
        { subject: 'ci', role: 'executor', sha256: sha256Hex('ci') },
      ],
      jwt: { secret: SECRET, leewaySeconds: 5, issuer: 'idp', audience: 'skills' },
      publicProbes: false,
      plugins: ['forwarded-user', 'a', 'b'],
    });
    expect(options.trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(options.rateLimit.maxClients).toBe(500);
  });

  it('read plugins, proxies and the probe toggle from the environment too', () => {
    const options = serve(parse([], { SERVICE_RBAC: 'true', SERVICE_AUTH_PLUGINS: 'x, y', SERVICE_TRUST_PROXY: '127.0.0.1', SERVICE_REQUIRE_AUTH_ALL: 'yes' }));
    expect(options.auth).toMatchObject({ rbac: true, plugins: ['x', 'y'], publicProbes: false, jwt: undefined });
    expect(options.trustProxy).toEqual(['127.0.0.1']);
    expect(serve(parse([], { SERVICE_RBAC: '0' })).auth.rbac).toBe(false);
  });

  it.each<[string, string[], Record<string, string>, RegExp]>([
    ['a JWT secret without RBAC', [], { SERVICE_JWT_SECRET: SECRET }, /SERVICE_JWT_SECRET needs SERVICE_RBAC=1/],
    ['plugins without RBAC', ['--auth-plugin', 'x'], {}, /auth plugins needs SERVICE_RBAC=1/],
    ['hashed keys without RBAC', [], { SERVICE_API_KEYS: `a:reader:${sha256Hex('a')}` }, /SERVICE_API_KEYS needs SERVICE_RBAC=1/],
    ['a short JWT secret', [], { SERVICE_RBAC: '1', SERVICE_JWT_SECRET: 'short' }, /at least 32 bytes/],
    ['an unknown RBAC value', [], { SERVICE_RBAC: 'maybe' }, /SERVICE_RBAC must be 1 or 0/],
    ['a malformed key entry', [], { SERVICE_RBAC: '1', SERVICE_API_KEYS: 'raw-secret-key' }, /SERVICE_API_KEYS entry 1 is not subject:role:sha256/],
    ['an unknown role in a key entry', [], { SERVICE_RBAC: '1', SERVICE_API_KEYS: `a:root:${sha256Hex('a')}` }, /entry 1/],
    ['a bad plugin name', ['--auth-plugin', '../evil'], { SERVICE_RBAC: '1' }, /not a plugin name/],
    ['a bad proxy entry', ['--trust-proxy', '10.0.0.0/99'], {}, /--trust-proxy: not an IP address or CIDR range: '10.0.0.0\/99'/],
    ['an API key with a control character', ['--api-key', 'a\tb'], {}, /--api-key must be 1 to 8192 printable ASCII/],
    ['a leeway above 300 s', [], { SERVICE_RBAC: '1', SERVICE_JWT_SECRET: SECRET, SERVICE_JWT_LEEWAY_SECONDS: '3600' }, /SERVICE_JWT_LEEWAY_SECONDS must be an integer from 0 to 300/],
  ])('refuse %s', (_what, argv, env, message) => {
    expect(usageError(parse(argv, env))).toMatch(message);
  });

  it('never echo a key entry that might be a raw key', () => {
    expect(usageError(parse([], { SERVICE_RBAC: '1', SERVICE_API_KEYS: 'sk_live_supersecret' }))).not.toContain('supersecret');
  });

  it('are documented in --help', () => {
    for (const name of ['--trust-proxy', '--auth-plugin', '--require-auth-all', 'SERVICE_RBAC', 'SERVICE_JWT_SECRET', 'SERVICE_JWT_LEEWAY_SECONDS', 'SERVICE_API_KEYS', 'SERVICE_RATE_LIMIT_MAX_CLIENTS']) {
      expect(USAGE).toContain(name);
    }
  });
});
