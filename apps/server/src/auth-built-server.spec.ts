// Authentication, limits and an auth plugin in the built server (apps/server/dist/main.js, built
// before these tests by the `test` target's dependency on `build`), configured by flags and env.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { killBuiltServers, listeningOn, logEntry, spawnBuiltServer } from './testing/built-server.js';

jest.setTimeout(30_000);

afterEach(killBuiltServers);


const status = async (url: string, headers: Record<string, string> = {}): Promise<number> => (await fetch(url, { headers })).status;

describe('the built server', () => {
  it('passes the customer HTTP controls: health public, 401 without key, 403 wrong key, 429 on the 4th request at 3 per 2 s', async () => {
    const started = spawnBuiltServer(['--api-key', 'controls-key', '--rate-limit-requests', '3', '--rate-limit-window-seconds', '2']);
    const url = (await listeningOn(started)).url;
    expect(await status(`${url}/v1/health`)).toBe(200);
    expect(await status(`${url}/v1/skills/list`)).toBe(401);
    expect(await status(`${url}/v1/skills/list`, { 'x-api-key': 'wrong' })).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await status(`${url}/v1/skills/list`, { Authorization: 'Bearer controls-key' }));
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${url}/v1/skills/list`, { headers: { 'x-api-key': 'controls-key' } });
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('loads an enabled auth plugin from the checkout and authenticates with it (RBAC)', async () => {
    const started = spawnBuiltServer(['--api-key', 'admin-key', '--auth-plugin', 'forwarded-user', '--trust-proxy', '127.0.0.1,::1'], { SERVICE_RBAC: '1' });
    const url = (await listeningOn(started)).url;
    expect(await status(`${url}/v1/runs`, { 'X-Forwarded-User': 'alice', 'X-Forwarded-Role': 'operator' })).toBe(200);
    expect(await status(`${url}/v1/runs`, { 'X-Forwarded-User': 'bob' })).toBe(403);
    expect(await status(`${url}/v1/runs`)).toBe(401);
    expect(await status(`${url}/v1/unknown`, { 'x-api-key': 'admin-key' })).toBe(404);
  });

  it('exits 2 naming a plugin no installed package declares', async () => {
    const started = spawnBuiltServer(['--auth-plugin', 'no-such-plugin'], { SERVICE_RBAC: '1' });
    expect(await started.exit).toBe(2);
    expect(logEntry(started.stderr[0] ?? '')).toMatchObject({
      level: 'error',
      logger: 'skill-server',
      message: expect.stringMatching(/^cannot start: auth plugin 'no-such-plugin': no installed package declares it/),
    });
  });

  it('exits 2 for a JWT secret without RBAC', async () => {
    const started = spawnBuiltServer([], { SERVICE_JWT_SECRET: 'x'.repeat(40) });
    expect(await started.exit).toBe(2);
    expect(started.stderr).toEqual(['skill-server: SERVICE_JWT_SECRET needs SERVICE_RBAC=1 (the legacy mode has one API key and no roles) (see --help)']);
  });
});
