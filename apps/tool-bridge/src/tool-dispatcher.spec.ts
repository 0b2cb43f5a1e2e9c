// Authorization per tool (the role of the HTTP route each tool mirrors) and the catalog tools,
// in-process over a real service.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sha256Hex, signJwtHs256 } from '@skill-service/auth';
import { ROLES, type Role } from '@skill-service/contracts';
import type { SkillService } from '@skill-service/service';
import { DEFAULT_MAX_LINE_BYTES, bridgeConfigFromEnvironment, bridgeIdentity } from './bridge-config.js';
import { BRIDGE_TOOLS } from './bridge-tools.js';
import { ENGLISH_TEXT, openBuiltinService, rpc, testBridge, toolCall } from './testing/bridge-fixture.js';

let service: SkillService;

beforeAll(async () => {
  service = await openBuiltinService();
});

afterAll(async () => {
  await service.close();
});

/** The role each tool needs: its HTTP route's (skill.metrics.reset has none: operator). */
const REQUIRED: Record<string, Role> = {
  'runtime.health': 'reader',
  'skill.describe': 'reader',
  'skill.list': 'reader',
  'skill.discover': 'reader',
  'skill.diagnostics': 'reader',
  'skill.governance.list': 'reader',
  'skill.metrics.reset': 'operator',
  'skill.attach': 'executor',
  'skill.execute': 'executor',
  'capability.execute': 'executor',
  'capability.explain': 'executor',
};

/** Cheap arguments: most calls end in not_found or succeed at once, never run a skill. */
const ARGS: Record<string, Record<string, unknown>> = {
  'skill.describe': { skill_id: 'no.such-skill' },
  'skill.discover': { intent: 'keywords' },
  'skill.attach': { skill_id: 'no.such-skill', target_type: 'run', target_ref: 'r-1' },
  'skill.execute': { skill_id: 'no.such-skill', inputs: {} },
  'capability.execute': { capability_id: 'no.such', inputs: {} },
  'capability.explain': { capability_id: 'no.such' },
};

describe('authorization per tool', () => {
  it('covers every tool', () => {
    expect(Object.keys(REQUIRED).sort()).toEqual(BRIDGE_TOOLS.map((tool) => tool.name).sort());
  });

  const rank = (role: Role): number => ROLES.indexOf(role);
  const cases = ROLES.flatMap((role) => BRIDGE_TOOLS.map((tool) => [role, tool.name] as const));

  it.each(cases)('%s calling %s', async (role, name) => {
    const bridge = testBridge(service, { subject: `a-${role}`, role });
    const answer = await bridge.send(toolCall('1', name, ARGS[name] ?? {}));
    const required = REQUIRED[name] ?? 'admin';
    if (rank(role) < rank(required)) {
      expect(answer).toEqual({ id: '1', error: expect.objectContaining({ code: 'forbidden', message: `Role '${role}' is insufficient for this endpoint; it needs '${required}'.` }) });
    } else {
      expect(JSON.stringify(answer)).not.toContain('forbidden');
    }
  });
});

describe('the catalog tools', () => {
  const bridge = (): ReturnType<typeof testBridge> => testBridge(service);

  it('discover, governance and diagnostics answer what the service answers', async () => {
    const discovered = await bridge().send(toolCall('d', 'skill.discover', { intent: 'detect the language of a text and its keywords', limit: 3 }));
    expect(discovered).toMatchObject({ id: 'd', result: { results: expect.arrayContaining([expect.objectContaining({ id: 'text.language-keywords', score: expect.any(Number) })]) } });
    expect(await bridge().send(toolCall('g', 'skill.governance.list', { limit: 2 }))).toEqual({ id: 'g', result: service.governance({ limit: 2 }) });
    const diagnostics = await bridge().send(toolCall('x', 'skill.diagnostics'));
    expect(diagnostics).toMatchObject({ result: { registry: { counts: { skills: service.runtime.registry.skills.size } }, process: { operation_counts: expect.any(Object) } } });
    expect(await bridge().send(toolCall('bad', 'skill.discover', { intent: '', limit: 0 }))).toMatchObject({ error: { code: 'invalid_request', message: expect.stringMatching(/^Invalid discover request: /) } });
  });

  it('resets the operation counters', async () => {
    await bridge().send(toolCall('l', 'skill.list'));
    const reset = await bridge().send(rpc(1, 'tools/call', { name: 'skill.metrics.reset', arguments: {} }));
    const structured = (reset?.['result'] as { structuredContent: { reset: boolean; diagnostics: { process: { operation_counts: Record<string, number> } } } }).structuredContent;
    expect(structured.reset).toBe(true);
    expect(structured.diagnostics.process.operation_counts['list']).toBe(0);
  });

  it('attaches a skill to an earlier execution of the bridge, by its trace id', async () => {
    const first = await bridge().send(toolCall('e', 'skill.execute', { skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT }, trace_id: 'attach-target-1' }));
    expect(first).toMatchObject({ result: { status: 'completed' } });
    const attached = await bridge().send(
      toolCall('a', 'skill.attach', { skill_id: 'security.pii-scan', target_type: 'output', target_ref: 'attach-target-1', inputs: { text: 'Write to jonas.weber@example.de' }, trace_id: 'attach-1' }),
    );
    expect(attached).toEqual({
      id: 'a',
      result: {
        skill_id: 'security.pii-scan',
        target_type: 'output',
        target_ref: 'attach-target-1',
        execution: expect.objectContaining({ skill_id: 'security.pii-scan', status: 'completed', outputs: expect.objectContaining({ found: true }), trace_id: 'attach-1' }),
        attached_at: expect.any(String),
        attach_context: expect.objectContaining({ target_type: 'output', target_ref: 'attach-target-1' }),
      },
    });
    const notAllowed = await bridge().send(toolCall('a2', 'skill.attach', { skill_id: 'security.pii-scan', target_type: 'task', target_ref: 'task:1', inputs: { text: 'x' } }));
    expect(notAllowed).toMatchObject({ id: 'a2', error: { code: expect.any(String), message: expect.stringContaining('task') } });
    const unknownTarget = await bridge().send(toolCall('a3', 'skill.attach', { skill_id: 'security.pii-scan', target_type: 'run', target_ref: 'no-such-run', inputs: { text: 'x' } }));
    expect(unknownTarget).toMatchObject({ id: 'a3', error: { code: 'invalid_request', message: expect.stringContaining('no-such-run') } });
  });
});

describe('the bridge configuration and identity', () => {
  const readerKey = 'reader-key-0123456789';
  const rbac = { SERVICE_RBAC: '1', SERVICE_API_KEYS: `bot:reader:${sha256Hex(readerKey)}` };

  it('defaults: the legacy mode without a key is open; lines up to 4 MiB', () => {
    const config = bridgeConfigFromEnvironment({});
    expect(config.maxLineBytes).toBe(DEFAULT_MAX_LINE_BYTES);
    expect(config.credentials).toEqual({});
    expect(bridgeIdentity(config)).toEqual({ subject: 'anonymous', role: 'admin' });
  });

  it('presents SERVICE_TOKEN when set, else SERVICE_API_KEY (also the configured key)', () => {
    expect(bridgeIdentity(bridgeConfigFromEnvironment({ ...rbac, SERVICE_TOKEN: readerKey, SERVICE_API_KEY: 'admin-key-0123' }))).toEqual({ subject: 'bot', role: 'reader' });
    expect(bridgeIdentity(bridgeConfigFromEnvironment({ ...rbac, SERVICE_API_KEY: 'admin-key-0123' }))).toEqual({ subject: 'default', role: 'admin' });
    const secret = 'k'.repeat(32);
    const now = Date.now();
    const jwt = signJwtHs256({ sub: 'agent-7', role: 'operator', exp: Math.floor(now / 1000) + 60 }, secret);
    expect(bridgeIdentity(bridgeConfigFromEnvironment({ SERVICE_RBAC: '1', SERVICE_JWT_SECRET: secret, SERVICE_TOKEN: jwt }), now)).toEqual({ subject: 'agent-7', role: 'operator' });
    const expired = signJwtHs256({ sub: 'agent-7', exp: Math.floor(now / 1000) - 3600 }, secret);
    expect(() => bridgeIdentity(bridgeConfigFromEnvironment({ SERVICE_RBAC: '1', SERVICE_JWT_SECRET: secret, SERVICE_TOKEN: expired }), now)).toThrow('Authentication required.');
  });

  it('refuses bad settings naming the variable', () => {
    expect(() => bridgeConfigFromEnvironment({ SERVICE_BRIDGE_MAX_LINE_BYTES: '12' })).toThrow("SERVICE_BRIDGE_MAX_LINE_BYTES must be an integer from 1024 to 104857600, got '12'");
    expect(() => bridgeConfigFromEnvironment({ SERVICE_TOKEN: 'has space ' })).toThrow(/^SERVICE_TOKEN must be 1 to 8192 printable ASCII/);
    expect(() => bridgeConfigFromEnvironment({ SERVICE_JWT_SECRET: 'k'.repeat(32) })).toThrow('SERVICE_JWT_SECRET needs SERVICE_RBAC=1 (the legacy mode has one API key and no roles)');
  });
});
