// The built server's log (apps/server/dist/main.js, built before these tests by the `test`
// target's dependency on `build`): JSON lines on stderr, one per request, and no credential in any.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { jwt, JWT_SECRET, nowSeconds } from './testing/auth-fixtures.js';
import { killBuiltServers, listeningOn, logEntry, spawnBuiltServer } from './testing/built-server.js';
import { waitFor } from './testing/test-server.js';

jest.setTimeout(30_000);

afterEach(killBuiltServers);

const API_KEY = 'log-spec-api-key-7d41c9e2';

describe('the request log', () => {
  it('writes one JSON line per request with trace id, route, status and duration, and never a credential', async () => {
    const started = spawnBuiltServer(['--api-key', API_KEY], { SERVICE_RBAC: '1', SERVICE_JWT_SECRET: JWT_SECRET });
    const { url } = await listeningOn(started);
    const token = jwt({ sub: 'log-operator', role: 'operator', exp: nowSeconds() + 300 });
    const answers = [
      await fetch(`${url}/v1/health`, { headers: { 'x-trace-id': 'log-1' } }),
      await fetch(`${url}/v1/skills/list?api_key=${API_KEY}`, { headers: { 'x-api-key': API_KEY, 'x-trace-id': 'log-2' } }),
      await fetch(`${url}/v1/runs`, { headers: { Authorization: `Bearer ${token}`, 'x-trace-id': 'log-3' } }),
      await fetch(`${url}/v1/metrics`, { headers: { Authorization: `Bearer ${API_KEY}`, 'x-trace-id': 'log-4' } }),
      await fetch(`${url}/v1/runs`, { headers: { 'x-api-key': `${API_KEY}-wrong`, 'x-trace-id': 'log-5' } }),
      await fetch(`${url}/v1/runs`, { headers: { Authorization: `Bearer ${jwt({ sub: 'x' }, 'another-secret-0123456789-0123456789')}`, 'x-trace-id': 'log-6' } }),
      await fetch(`${url}/v1/skills/no.such/execute`, {
        method: 'POST',
        headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', 'x-trace-id': 'log-7' },
        body: JSON.stringify({ inputs: { secret: JWT_SECRET, key: API_KEY } }),
      }),
    ];
    // log-2 puts the key in an undeclared query parameter (refused, 400): it must not reach the log either.
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 200, 200, 401, 401, 404]);

    const requestLines = () => started.stderr.map(logEntry).filter((entry) => entry?.['message'] === 'request');
    await waitFor('seven request lines', () => requestLines().length >= 7);
    started.child.kill('SIGTERM');
    await started.exit;

    const log = started.stderr.join('\n');
    for (const secret of [API_KEY, JWT_SECRET, token, token.split('.')[2] ?? token]) expect(log).not.toContain(secret);
    for (const line of started.stderr.filter((line) => line !== '')) expect(logEntry(line)).toBeDefined();

    const byTrace = new Map(requestLines().map((entry) => [entry?.['trace_id'], entry]));
    const expected: [string, string, string, number][] = [
      ['log-1', 'GET', '/v1/health', 200],
      ['log-2', 'GET', '/v1/skills/list', 400],
      ['log-3', 'GET', '/v1/runs', 200],
      ['log-4', 'GET', '/v1/metrics', 200],
      ['log-5', 'GET', '/v1/runs', 401],
      ['log-6', 'GET', '/v1/runs', 401],
      ['log-7', 'POST', '/v1/skills/{skill_id}/execute', 404],
    ];
    for (const [traceId, method, route, status] of expected) {
      expect(byTrace.get(traceId)).toMatchObject({ level: 'info', logger: 'skill-server', method, route, status, duration_ms: expect.any(Number), timestamp: expect.any(String) });
    }
    expect(byTrace.get('log-2')).toMatchObject({ subject: 'default', role: 'admin' });
    expect(byTrace.get('log-3')).toMatchObject({ subject: 'log-operator', role: 'operator' });
    expect(byTrace.get('log-5')).not.toHaveProperty('subject');
  });
});
