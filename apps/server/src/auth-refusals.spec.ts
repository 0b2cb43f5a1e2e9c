// Refused credentials in the built server: each answered with the same generic 401/403 as before,
// logged once at info with its reason and the client address (never the credential), and counted
// by reason in the metrics. Also the JWT lifetime settings and key rotation, end to end.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { signJwtHs256 } from '@skill-service/auth';
import { killBuiltServers, listeningOn, logEntry, spawnBuiltServer } from './testing/built-server.js';
import { waitFor } from './testing/test-server.js';

jest.setTimeout(60_000);

afterEach(killBuiltServers);

const CURRENT = 'current-jwt-secret-for-the-refusal-spec-0123';
const PREVIOUS = 'previous-jwt-secret-for-the-refusal-spec-456';
const RETIRED = 'retired-jwt-secret-for-the-refusal-spec-7890';
const ADMIN_KEY = 'refusals-admin-key-31c7';
const now = (): number => Math.floor(Date.now() / 1000);

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly wwwAuthenticate: string | null;
}

async function get(url: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.json(), wwwAuthenticate: response.headers.get('www-authenticate') };
}

/** The `auth_refused` log entries so far. */
function refusals(stderr: readonly string[]): Record<string, unknown>[] {
  return stderr.map(logEntry).filter((entry): entry is Record<string, unknown> => entry?.['event'] === 'auth_refused');
}

describe('refused credentials in the built server', () => {
  it('answers every refusal alike, logs each once with its reason and client, never the credential, and counts it', async () => {
    const started = spawnBuiltServer(['--api-key', ADMIN_KEY, '--auth-plugin', 'forwarded-user', '--rate-limit-requests', '1000'], {
      SERVICE_RBAC: '1',
      SERVICE_JWT_SECRET: `${CURRENT},${PREVIOUS}`,
      SERVICE_JWT_REQUIRE_EXP: '1',
      SERVICE_JWT_MAX_AGE_SECONDS: '600',
    });
    const { url } = await listeningOn(started);
    const runs = `${url}/v1/runs`;
    const fresh = { sub: 'carol', role: 'operator', iat: now() - 5, exp: now() + 300 };

    // Accepted: the current secret and the previous one (rotation).
    expect((await get(runs, { authorization: `Bearer ${signJwtHs256(fresh, CURRENT)}` })).status).toBe(200);
    expect((await get(runs, { authorization: `Bearer ${signJwtHs256(fresh, PREVIOUS)}` })).status).toBe(200);

    const attacks: Array<[string, Record<string, string>, string]> = [
      ['expired', { authorization: `Bearer ${signJwtHs256({ ...fresh, exp: now() - 3600 }, CURRENT)}` }, 'jwt_expired'],
      ['rotated out', { authorization: `Bearer ${signJwtHs256(fresh, RETIRED)}` }, 'jwt_bad_signature'],
      ['without exp', { authorization: `Bearer ${signJwtHs256({ sub: 'carol', iat: now() }, CURRENT)}` }, 'jwt_missing_exp'],
      ['without iat', { authorization: `Bearer ${signJwtHs256({ sub: 'carol', exp: now() + 60 }, CURRENT)}` }, 'jwt_missing_iat'],
      ['too old', { authorization: `Bearer ${signJwtHs256({ ...fresh, iat: now() - 7200 }, CURRENT)}` }, 'jwt_too_old'],
      ['not yet valid', { authorization: `Bearer ${signJwtHs256({ ...fresh, nbf: now() + 3600 }, CURRENT)}` }, 'jwt_not_yet_valid'],
      ['alg none', { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(fresh)).toString('base64url')}.` }, 'jwt_unsupported_algorithm'],
      ['a malformed token', { authorization: `Bearer ${Buffer.from('not json').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.abc` }, 'jwt_malformed'],
      ['an unknown key', { 'x-api-key': 'not-a-key-7d1e' }, 'unknown_key'],
      ['a plugin that throws', { 'x-forwarded-user': 'mallory' }, 'backend_refused'],
    ];
    const answers: Answer[] = [];
    for (const [, headers] of attacks) answers.push(await get(runs, headers));
    // The HTTP answer says nothing of the reason: one generic 401 for all of them.
    const withoutTrace = ({ status, body, wwwAuthenticate }: Answer) => ({ status, error: (body as { error: unknown }).error, wwwAuthenticate });
    expect(answers[0]).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' }, trace_id: expect.any(String) } });
    for (const answer of answers) expect(withoutTrace(answer)).toEqual(withoutTrace(answers[0] as Answer));
    // Without any credential: counted, not logged (every anonymous probe would be a line).
    expect((await get(runs, {})).status).toBe(401);

    // Log lines are written in batches, off the request path: the last may follow its answer.
    await waitFor('every refusal logged', () => refusals(started.stderr).length >= attacks.length);
    const logged = refusals(started.stderr);
    expect(logged.map((entry) => entry['reason'])).toEqual(attacks.map(([, , reason]) => reason));
    for (const entry of logged) {
      expect(entry).toMatchObject({ level: 'info', message: 'credential refused', client: expect.stringMatching(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/) });
    }
    expect(logged.at(-1)).toMatchObject({ plugin: 'forwarded-user', error_type: 'Error' });
    const text = started.stderr.join('\n');
    for (const [, headers] of attacks) {
      for (const value of Object.values(headers)) expect(text).not.toContain(value.replace(/^Bearer /, ''));
    }

    const metrics = await (await fetch(`${url}/v1/metrics/prometheus`, { headers: { 'x-api-key': ADMIN_KEY } })).text();
    for (const [, , reason] of attacks) expect(metrics).toMatch(new RegExp(`^skill_service_auth_failures_total\\{reason="${reason}"\\} 1$`, 'm'));
    expect(metrics).toMatch(/^skill_service_auth_failures_total\{reason="missing"\} 1$/m);
  });

  it('exits 2 naming the short secret of a rotation list', async () => {
    const started = spawnBuiltServer([], { SERVICE_RBAC: '1', SERVICE_JWT_SECRET: `${CURRENT},short` });
    expect(await started.exit).toBe(2);
    expect(started.stderr.join('\n')).toContain('SERVICE_JWT_SECRET must be at least 32 bytes long (HS256 key) (secret 2 of 2)');
    expect(started.stderr.join('\n')).not.toContain(CURRENT);
  });
});
