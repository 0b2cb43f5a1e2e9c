import { describe, expect, it } from '@jest/globals';
import { fixedRequestScript, luaString, malformedMixScript, type MalformedKind } from './wrk-script.js';

const KINDS: MalformedKind[] = [
  { name: 'bad-json', path: '/v1/skills/s/execute', body: '{"inputs": {', expectedStatus: 400, expectedCode: 'invalid_request' },
  { name: 'unknown-skill', path: '/v1/skills/nope/execute', body: '{"inputs":{}}', expectedStatus: 404, expectedCode: 'not_found' },
];

describe('luaString', () => {
  it('escapes quotes, backslashes, controls and non-ASCII bytes as decimal escapes', () => {
    expect(luaString('plain {"a": 1}')).toBe('"plain {\\034a\\034: 1}"');
    expect(luaString('back\\slash\nline')).toBe('"back\\092slash\\010line"');
    // "é" is two UTF-8 bytes.
    expect(luaString('é')).toBe('"\\195\\169"');
  });
});

describe('fixedRequestScript', () => {
  it('sets method, path and a JSON body once, and prints the result line in done', () => {
    const script = fixedRequestScript({ method: 'POST', path: '/v1/x', body: '{"inputs":{}}' });
    expect(script).toContain('wrk.method = "POST"');
    expect(script).toContain('wrk.path = "/v1/x"');
    expect(script).toContain('wrk.body = "{\\034inputs\\034:{}}"');
    expect(script).toContain('wrk.headers["Content-Type"] = "application/json"');
    expect(script).toContain('function done(summary, latency, requests)');
    expect(script).toContain('latency:percentile(99)');
    expect(script).not.toContain('function request()');
    expect(fixedRequestScript({ method: 'GET', path: '/v1/health' })).not.toContain('wrk.body');
  });
});

describe('malformedMixScript', () => {
  it('sends every Nth request malformed, tags it, and checks status and error code per kind', () => {
    const script = malformedMixScript({ method: 'POST', path: '/v1/skills/s/execute', body: '{"inputs":{}}' }, KINDS, 100);
    expect(script).toContain('local EVERY = 100');
    expect(script).toContain('name = "unknown-skill", path = "/v1/skills/nope/execute"');
    expect(script).toContain('status = 404, needle = "\\034code\\034:\\034not_found\\034"');
    expect(script).toContain('["x-trace-id"] = tag');
    expect(script).toContain('function response(status, headers, body)');
    expect(script).toContain('thread:get("counts")');
  });

  it('refuses a mix it could not count', () => {
    const good = { method: 'POST' as const, path: '/x', body: '{}' };
    expect(() => malformedMixScript(good, KINDS, 1)).toThrow('everyNth');
    expect(() => malformedMixScript(good, [], 100)).toThrow('at least one');
    expect(() => malformedMixScript(good, [{ ...KINDS[0], name: 'Bad Json' } as MalformedKind], 100)).toThrow('[a-z-]');
  });
});
