// The built server's start with shared state: a misconfigured or unreachable Redis stops it at once
// with one line (exit 2); `--workers` forks full servers on one port and drains them all on SIGTERM.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { isAlive } from './testing/process-alive.js';
import { killBuiltServers, listeningOn, spawnBuiltServer } from './testing/built-server.js';
import { waitFor } from './testing/test-server.js';

jest.setTimeout(60_000);

const REDIS_URL = process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

afterEach(killBuiltServers);

/** The lines a refused start printed, without blank ones. */
async function refusal(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; lines: string[] }> {
  const server = spawnBuiltServer(args, env);
  const code = await server.exit;
  return { code, lines: server.stderr.filter((line) => line.trim() !== '') };
}

describe('starting on Redis', () => {
  it.each([
    ['a malformed URL', ['--redis-url', 'redis//nowhere'], {}, 'The Redis URL is not a valid URL'],
    ['another scheme', ['--redis-url', 'http://127.0.0.1:6379'], {}, 'must start with redis:// or rediss://'],
    ['a prefix with spaces', ['--redis-url', REDIS_URL], { SERVICE_REDIS_PREFIX: 'my skills' }, 'prefix must be'],
    ['--workers 0', ['--workers', '0'], {}, "--workers must be an integer from 1 to 64, got '0'"],
    ['--workers abc', ['--workers', 'abc'], {}, "--workers must be an integer from 1 to 64, got 'abc'"],
    ['--workers 2 in memory', ['--workers', '2'], {}, '--workers 2 needs shared state'],
  ])('refuses %s with one line and exit 2', async (_case, args, env, message) => {
    const { code, lines } = await refusal(args, env);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
  });

  it('refuses an unreachable Redis with one line naming the URL, password hidden', async () => {
    const { code, lines } = await refusal(['--redis-url', 'redis://:hunter2@127.0.0.1:1']);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Redis at redis://:***@127.0.0.1:1 is unreachable');
    expect(lines.join('\n')).not.toContain('hunter2');
  });

  it('refuses a wrong password with one line', async () => {
    // A user name makes Redis check the pair even when the default user has no password
    // (a password alone is then accepted with a warning by the client).
    const url = new URL(REDIS_URL);
    url.username = 'no-such-user';
    url.password = 'not-the-password';
    const { code, lines } = await refusal(['--redis-url', url.href]);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('is unreachable');
    expect(lines[0]).not.toContain('not-the-password');
  });
});

describe('--workers', () => {
  it('serves from several processes on one port and drains them all on SIGTERM, exit 0', async () => {
    const server = spawnBuiltServer(['--workers', '2', '--redis-url', REDIS_URL], { SERVICE_REDIS_PREFIX: `test-workers-${process.pid}` });
    const { url } = await listeningOn(server);
    // Each worker logs its own startup line; both must be up before connections spread over them.
    await waitFor('two workers listening', () => server.stderr.filter((line) => line.includes(' listening on ')).length === 2);
    const primary = server.child.pid ?? 0;
    const workers = readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim().split(/\s+/).map(Number);
    expect(workers).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/v1/health`, { headers: { connection: 'close' } })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(workers.filter(isAlive)).toEqual([]);
  });
});
