import { describe, expect, it } from '@jest/globals';
import { CONTRACT_ROUTE_ROLES, RouteAccessTable } from './route-access.js';

const table = new RouteAccessTable();

describe('RouteAccessTable (the contract table)', () => {
  it.each([
    ['GET', '/v1/health', 'reader'],
    ['GET', '/openapi.json', 'reader'],
    ['GET', '/v1/skills/list', 'reader'],
    ['GET', '/v1/skills/governance', 'reader'],
    ['GET', '/v1/skills/diagnostics', 'reader'],
    ['GET', '/v1/skills/text.shout/describe', 'reader'],
    ['HEAD', '/v1/skills/text.shout/describe', 'reader'],
    ['POST', '/v1/skills/discover', 'reader'],
    ['POST', '/v1/skills/text.shout/execute', 'executor'],
    ['POST', '/v1/skills/text.shout/execute/stream', 'executor'],
    ['POST', '/v1/skills/text.shout/execute/async', 'executor'],
    ['POST', '/v1/skills/text.shout/attach', 'executor'],
    ['POST', '/v1/capabilities/text.upper/execute', 'executor'],
    ['POST', '/v1/capabilities/text.upper/explain', 'executor'],
    ['GET', '/v1/runs', 'operator'],
    ['GET', '/v1/runs/8f9c', 'operator'],
    ['POST', '/v1/webhooks', 'operator'],
    ['GET', '/v1/webhooks', 'operator'],
    ['DELETE', '/v1/webhooks/w1', 'operator'],
    ['GET', '/v1/metrics', 'operator'],
    ['GET', '/v1/metrics/prometheus', 'operator'],
    // Unknown routes, other methods of known paths, and near misses need admin.
    ['GET', '/v1/secret', 'admin'],
    ['DELETE', '/v1/runs', 'admin'],
    ['POST', '/v1/skills/list', 'admin'],
    ['GET', '/v1/skills//describe', 'admin'],
    ['GET', '/v1/health/', 'admin'],
    ['GET', '/V1/HEALTH', 'admin'],
    ['GET', '/v1/skills/a/b/describe', 'admin'],
    ['PUT', '/v1/webhooks/w1', 'admin'],
  ])('%s %s needs %s', (method, path, role) => {
    expect(table.requiredRole(method, path)).toBe(role);
  });

  it('prefers literal segments over parameters', () => {
    const custom = new RouteAccessTable([
      { method: 'GET', path: '/v1/things/{id}', role: 'reader' },
      { method: 'GET', path: '/v1/things/secret', role: 'admin' },
    ]);
    expect(custom.requiredRole('get', '/v1/things/secret')).toBe('admin');
    expect(custom.requiredRole('get', '/v1/things/other')).toBe('reader');
  });

  it('finds a route template whatever its parameter names', () => {
    expect(table.roleOfTemplate('get', '/v1/skills/{id}/describe')).toBe('reader');
    expect(table.roleOfTemplate('post', '/v1/capabilities/{capability_id}/explain')).toBe('executor');
    expect(table.roleOfTemplate('get', '/v1/nothing')).toBeUndefined();
  });

  it('can be extended but not contradicted', () => {
    const extended = table.with([{ method: 'GET', path: '/v1/webhooks/dead-letters', role: 'operator' }]);
    expect(extended.requiredRole('GET', '/v1/webhooks/dead-letters')).toBe('operator');
    expect(extended.entries).toHaveLength(CONTRACT_ROUTE_ROLES.length + 1);
    expect(() => table.with([{ method: 'GET', path: '/v1/runs/{id}', role: 'reader' }])).toThrow(/twice/);
  });
});
