// Parity: the same operations over HTTP (the built server) and over the bridge (the built bridge, both
// protocols) give the same answers once trace ids, timestamps and durations are dropped.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ENGLISH_TEXT, rpc, toolCall } from './testing/bridge-fixture.js';
import { BridgeProcess } from './testing/built-bridge.js';
import { startBuiltServer, type BuiltServer } from './testing/built-server.js';

jest.setTimeout(90_000);

let server: BuiltServer;
let bridge: BridgeProcess;

beforeAll(async () => {
  bridge = new BridgeProcess();
  server = await startBuiltServer();
});

afterAll(async () => {
  await bridge.finish();
  await server.stop();
});

// Differ by nature between two processes and two calls: ids, clocks, durations (`*_ms`), times (`*_at`).
const VOLATILE = new Set(['trace_id', 'timestamp', 'uptime_seconds', 'version']);
const isVolatile = (key: string): boolean => VOLATILE.has(key) || key.endsWith('_ms') || key.endsWith('_at');

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !isVolatile(key))
      .map(([key, item]) => [key, stable(item)]),
  );
}

async function http(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let nextId = 0;

/** The tool over both line protocols; both must agree, and the plain answer is returned. */
async function overBridge(name: string, args: Record<string, unknown>): Promise<{ result?: unknown; error?: Record<string, unknown> }> {
  nextId += 1;
  const [plain, mcp] = await Promise.all([bridge.request(toolCall(`p${nextId}`, name, args)), bridge.request(rpc(`m${nextId}`, 'tools/call', { name, arguments: args }))]);
  const structured = (mcp['result'] as { structuredContent: Record<string, unknown>; isError?: boolean }).structuredContent;
  if ('error' in plain) {
    expect(stable(structured)).toEqual(stable({ error: plain['error'], trace_id: null }));
    return { error: plain['error'] as Record<string, unknown> };
  }
  expect(stable(structured)).toEqual(stable(plain['result']));
  return { result: plain['result'] };
}

async function expectSameResult(name: string, args: Record<string, unknown>, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const [overHttp, bridged] = await Promise.all([http(method, path, body), overBridge(name, args)]);
  expect(overHttp.status).toBe(200);
  expect(stable(bridged.result)).toEqual(stable(overHttp.body));
  return bridged.result;
}

describe('HTTP and bridge parity', () => {
  it('health', async () => {
    await expectSameResult('runtime.health', {}, 'GET', '/v1/health');
    await expectSameResult('runtime.health', { deep: true }, 'GET', '/v1/health?deep=true');
  });

  it('list and describe', async () => {
    await expectSameResult('skill.list', { domain: 'text', limit: 3, offset: 1 }, 'GET', '/v1/skills/list?domain=text&limit=3&offset=1');
    const described = await expectSameResult('skill.describe', { skill_id: 'text.language-keywords' }, 'GET', '/v1/skills/text.language-keywords/describe');
    expect(described).toMatchObject({ id: 'text.language-keywords' });
  });

  // Before any execution: discovery ranks with this process's execution history, which must still be empty.
  it('discover and governance', async () => {
    const discovered = await expectSameResult('skill.discover', { intent: 'detect the language and keywords of a text', limit: 5 }, 'POST', '/v1/skills/discover', {
      intent: 'detect the language and keywords of a text',
      limit: 5,
    });
    expect(discovered).toMatchObject({ results: expect.arrayContaining([expect.objectContaining({ id: 'text.language-keywords' })]) });
    const governance = await expectSameResult('skill.governance.list', { min_state: 'validated', limit: 50 }, 'GET', '/v1/skills/governance?min_state=validated&limit=50');
    expect(governance).toMatchObject({ skills: expect.any(Array), limit: 50 });
  });

  it('skill execute and capability execute', async () => {
    const executed = await expectSameResult('skill.execute', { skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT } }, 'POST', '/v1/skills/text.language-keywords/execute', {
      inputs: { text: ENGLISH_TEXT },
    });
    expect(executed).toMatchObject({ status: 'completed', outputs: { language: 'eng' } });
    const capability = await expectSameResult('capability.execute', { capability_id: 'text.language.detect', inputs: { text: ENGLISH_TEXT } }, 'POST', '/v1/capabilities/text.language.detect/execute', {
      inputs: { text: ENGLISH_TEXT },
    });
    expect(capability).toMatchObject({ outputs: { language: 'eng' } });
  });

  it('explain', async () => {
    const plan = await expectSameResult('capability.explain', { capability_id: 'text.language.detect', required_conformance_profile: 'standard' }, 'POST', '/v1/capabilities/text.language.detect/explain', {
      required_conformance_profile: 'standard',
    });
    expect(plan).toMatchObject({ capability_id: 'text.language.detect' });
  });

  it.each<[string, Record<string, unknown>, string, unknown, number]>([
    ['an unknown skill', { skill_id: 'no.such-skill', inputs: {} }, '/v1/skills/no.such-skill/execute', { inputs: {} }, 404],
    ['inputs the skill refuses', { skill_id: 'text.language-keywords', inputs: {} }, '/v1/skills/text.language-keywords/execute', { inputs: {} }, 400],
    ['a body the contract refuses', { skill_id: 'text.language-keywords', inputs: 3, audit_mode: 'loud' }, '/v1/skills/text.language-keywords/execute', { inputs: 3, audit_mode: 'loud' }, 400],
  ])('the error for %s', async (_what, args, path, body, status) => {
    const [overHttp, bridged] = await Promise.all([http('POST', path, body), overBridge('skill.execute', args)]);
    expect(overHttp.status).toBe(status);
    expect(bridged.error).toEqual(overHttp.body['error']);
  });
});
