// Both protocols of the bridge in-process, over a real service on the built-in registry.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NotFoundError, ServiceError, SkillListQuery } from '@skill-service/contracts';
import { errorAnswer, type SkillService } from '@skill-service/service';
import { BRIDGE_TOOLS } from './bridge-tools.js';
import { ENGLISH_TEXT, openBuiltinService, rpc, testBridge, toolCall, type TestBridge } from './testing/bridge-fixture.js';

let service: SkillService;
let bridge: TestBridge;

beforeAll(async () => {
  service = await openBuiltinService();
  bridge = testBridge(service);
});

afterAll(async () => {
  await service.close();
});

const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

describe('the contract line shape', () => {
  it('answers {id, result} with what the service answers', async () => {
    const answer = await bridge.send(toolCall('1', 'skill.execute', { skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT }, trace_id: 'bridge-trace-1' }));
    expect(answer).toEqual({
      id: '1',
      result: { skill_id: 'text.language-keywords', status: 'completed', outputs: { language: 'eng', keywords: expect.any(Array) }, trace_id: 'bridge-trace-1' },
    });
    expect(await bridge.send(toolCall('2', 'skill.describe', { skill_id: 'text.language-keywords' }))).toEqual({ id: '2', result: service.describeSkill('text.language-keywords') });
    expect(await bridge.send(toolCall('3', 'skill.list', { limit: 2, domain: 'text' }))).toEqual({ id: '3', result: service.listSkills(SkillListQuery.parse({ limit: 2, domain: 'text' })) });
  });

  it('answers a numeric id with that id', async () => {
    expect(await bridge.send(toolCall('x', 'runtime.health'))).toMatchObject({ id: 'x', result: { status: 'ok', version: '9.9.9-test' } });
    expect(await bridge.send({ id: 7, method: 'tools/call', params: { name: 'runtime.health' } })).toMatchObject({ id: 7, result: { status: 'ok' } });
  });

  it('answers {id, error} with the error object of the HTTP payload', async () => {
    const unknownSkill = await bridge.send(toolCall('e1', 'skill.describe', { skill_id: 'no.such-skill' }));
    expect(unknownSkill).toEqual({ id: 'e1', error: errorAnswer(new NotFoundError("Skill 'no.such-skill' not found"), null).body.error });
    expect(unknownSkill).toEqual({ id: 'e1', error: { code: 'not_found', message: "Skill 'no.such-skill' not found", type: 'NotFoundError' } });
  });

  it('refuses wrong argument types with the contract parse the HTTP route uses', async () => {
    const answer = await bridge.send(toolCall('e2', 'skill.execute', { skill_id: 'text.language-keywords', inputs: 'not an object', include_trace: 'yes' }));
    expect(answer).toMatchObject({ id: 'e2', error: { code: 'invalid_request', type: 'InvalidRequestError', message: expect.stringMatching(/^Invalid execute request: /) } });
    const details = (answer?.['error'] as { details: { path: string }[] }).details.map((problem) => problem.path);
    expect(details).toEqual(expect.arrayContaining(['inputs', 'include_trace']));
    expect(await bridge.send(toolCall('e3', 'skill.execute', { skill_id: 42, inputs: {} }))).toMatchObject({ id: 'e3', error: { code: 'invalid_request', message: expect.stringContaining('skill_id') } });
    expect(await bridge.send(toolCall('e4', 'skill.list', { limit: 'many' }))).toMatchObject({ id: 'e4', error: { code: 'invalid_request', message: expect.stringMatching(/^Invalid query: limit/) } });
  });

  it('answers inputs the skill refuses, and failed runs with their events when include_trace is set', async () => {
    expect(await bridge.send(toolCall('e5', 'skill.execute', { skill_id: 'text.language-keywords', inputs: {} }))).toMatchObject({ id: 'e5', error: { code: 'invalid_request' } });
    expect(await bridge.send(toolCall('e6', 'capability.execute', { capability_id: 'no.such', inputs: {} }))).toMatchObject({ id: 'e6', error: { code: 'not_found' } });
  });

  it.each<[string, unknown, Record<string, unknown>]>([
    ['an unknown tool', toolCall('u1', 'skill.delete'), { id: 'u1', error: { code: 'not_found', type: 'NotFoundError', message: "Unknown tool 'skill.delete'" } }],
    ['an unknown method', { id: 'u2', method: 'tools/list' }, { id: 'u2', error: { code: 'not_found', message: "Unknown method 'tools/list'" } }],
    ['a missing id', { method: 'tools/call', params: { name: 'runtime.health' } }, { id: null, error: { code: 'invalid_request', message: 'id must be a string or a number' } }],
    ['an object id', { id: { a: 1 }, method: 'tools/call', params: { name: 'runtime.health' } }, { id: null, error: { code: 'invalid_request' } }],
    ['params without a name', { id: 'u3', method: 'tools/call', params: { arguments: {} } }, { id: 'u3', error: { code: 'invalid_request', message: 'params must be {name: string, arguments: object}' } }],
    ['arguments that are an array', { id: 'u4', method: 'tools/call', params: { name: 'runtime.health', arguments: [] } }, { id: 'u4', error: { code: 'invalid_request' } }],
    ['a JSON array', [toolCall('u5', 'runtime.health')], { id: null, error: { code: 'invalid_request' } }],
    ['a JSON string', '"tools/call"', { id: null, error: { code: 'invalid_request' } }],
    ['malformed JSON', '{"id": "u6", "method": "tools/call", ', { id: null, error: { code: 'invalid_request', message: expect.stringMatching(/^Malformed JSON/) } }],
  ])('answers %s with an error line', async (_what, message, expected) => {
    const answer = await bridge.send(message);
    expect(answer).toMatchObject(expected);
    expect(Object.keys(answer ?? {}).sort()).toEqual(['error', 'id']);
  });

  it('answers a skipped over-long line with payload_too_large and id null', () => {
    expect(bridge.handler.oversize('{"id":"big","method":"tools/call"', 1024)).toEqual({
      id: null,
      error: errorAnswer(new ServiceError('payload_too_large', 'Request line longer than 1024 bytes; it was skipped'), null).body.error,
    });
    expect(bridge.handler.oversize('{"jsonrpc":"2.0","id":1', 1024)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: Request line longer than 1024 bytes; it was skipped' } });
  });
});

describe('MCP (JSON-RPC 2.0)', () => {
  it.each([
    ['2025-06-18', '2025-06-18'],
    ['2025-11-25', '2025-11-25'],
    ['2024-11-05', '2025-11-25'],
    [undefined, '2025-11-25'],
  ])('initialize with %s negotiates %s', async (requested, negotiated) => {
    const answer = await bridge.send(rpc(1, 'initialize', { ...(requested === undefined ? {} : { protocolVersion: requested }), capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: negotiated,
        // Tasks are declared at the revision that has them.
        capabilities: negotiated === '2025-11-25' ? { tools: { listChanged: false }, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } : { tools: { listChanged: false } },
        serverInfo: { name: 'skill-bridge', version: '9.9.9-test' },
        instructions: expect.any(String),
      },
    });
  });

  it('answers ping, and nothing to notifications or responses', async () => {
    expect(await bridge.send(rpc('p', 'ping'))).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
    expect(await bridge.send({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
    expect(await bridge.send({ jsonrpc: '2.0', method: 'notifications/whatever', params: 1 })).toBeUndefined();
    expect(await bridge.send({ jsonrpc: '2.0', id: 5, result: {} })).toBeUndefined();
  });

  it('lists every tool with a JSON Schema from the contracts and its annotations', async () => {
    const answer = await bridge.send(rpc(2, 'tools/list'));
    const tools = (answer?.['result'] as { tools: Record<string, unknown>[] }).tools;
    expect(tools.map((tool) => tool['name'])).toEqual(BRIDGE_TOOLS.map((tool) => tool.name));
    for (const tool of tools) {
      expect(tool).toMatchObject({ description: expect.any(String), inputSchema: { type: 'object' }, annotations: { readOnlyHint: expect.any(Boolean), destructiveHint: expect.any(Boolean) } });
    }
    const execute = tools.find((tool) => tool['name'] === 'skill.execute');
    expect(execute).toMatchObject({
      inputSchema: { type: 'object', required: expect.arrayContaining(['skill_id', 'inputs']), properties: { inputs: { type: 'object' }, include_trace: { type: 'boolean' }, audit_mode: expect.any(Object) } },
      annotations: { readOnlyHint: false, destructiveHint: true },
    });
    expect(tools.find((tool) => tool['name'] === 'skill.describe')).toMatchObject({ annotations: { readOnlyHint: true, destructiveHint: false } });
  });

  it('calls a tool: structuredContent plus its JSON text mirror', async () => {
    const answer = await bridge.send(rpc(3, 'tools/call', { name: 'capability.execute', arguments: { capability_id: 'text.language.detect', inputs: { text: ENGLISH_TEXT } } }));
    const result = answer?.['result'] as { content: { type: string; text: string }[]; structuredContent: Record<string, unknown>; isError?: boolean };
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ capability_id: 'text.language.detect', outputs: { language: 'eng' } });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  });

  it('answers a tool failure as isError with the error payload', async () => {
    const answer = await bridge.send(rpc(4, 'tools/call', { name: 'skill.execute', arguments: { skill_id: 'no.such-skill', inputs: {}, trace_id: 't-404' } }));
    const payload = { error: { code: 'not_found', message: "Skill 'no.such-skill' not found", type: 'NotFoundError' }, trace_id: 't-404' };
    expect(answer).toEqual({ jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload, isError: true } });
  });

  it.each<[string, unknown, number, string | number | null]>([
    ['an unknown method', rpc(5, 'resources/list'), -32601, 5],
    ['an unknown tool', rpc(6, 'tools/call', { name: 'skill.delete', arguments: {} }), -32602, 6],
    ['a tool call without a name', rpc(7, 'tools/call', { arguments: {} }), -32602, 7],
    ['arguments that are no object', rpc(8, 'tools/call', { name: 'runtime.health', arguments: 'x' }), -32602, 8],
    ['params that are no object', { jsonrpc: '2.0', id: 9, method: 'tools/list', params: [1] }, -32602, 9],
    ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 10, method: 'ping' }, -32600, 10],
    ['a request without a method', { jsonrpc: '2.0', id: 11 }, -32600, 11],
    ['an id that is an object', { jsonrpc: '2.0', id: {}, method: 'ping' }, -32600, null],
    ['a batch', [rpc(12, 'ping')], -32600, null],
    ['malformed JSON', '{"jsonrpc":"2.0","id":13,"method":', -32700, null],
  ])('answers %s with a protocol error', async (_what, message, code, id) => {
    const answer = await bridge.send(message);
    expect(answer).toEqual({ jsonrpc: '2.0', id, error: { code, message: expect.any(String) } });
  });

  it('answers server/discover without a handshake, and honours the stateless revision _meta', async () => {
    const discover = await bridge.send(rpc('d1', 'server/discover', { _meta: { ...MODERN_META, 'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' } } }));
    expect(discover).toEqual({
      jsonrpc: '2.0',
      id: 'd1',
      result: {
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'skill-bridge', version: '9.9.9-test' },
        instructions: expect.any(String),
      },
    });
    expect(await bridge.send(rpc('d2', 'server/discover'))).toMatchObject({ result: { supportedVersions: ['2026-07-28'] } });
    const list = await bridge.send(rpc('d3', 'tools/list', { _meta: MODERN_META }));
    expect(list).toMatchObject({ result: { resultType: 'complete', tools: expect.any(Array) } });
    const call = await bridge.send(rpc('d4', 'tools/call', { name: 'runtime.health', arguments: {}, _meta: MODERN_META }));
    expect(call).toMatchObject({ result: { resultType: 'complete', structuredContent: { status: 'ok' } } });
  });

  it('refuses a stateless request naming a version it does not serve, or without client capabilities', async () => {
    expect(await bridge.send(rpc('v1', 'tools/list', { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } }))).toEqual({
      jsonrpc: '2.0',
      id: 'v1',
      error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28', '2025-11-25', '2025-06-18'], requested: '2099-01-01' } },
    });
    expect(await bridge.send(rpc('v2', 'server/discover', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }))).toMatchObject({ id: 'v2', error: { code: -32602 } });
  });

  it('treats invalid arguments as a tool error, not a protocol error', async () => {
    const answer = await bridge.send(rpc(14, 'tools/call', { name: 'skill.execute', arguments: { skill_id: 'text.language-keywords', inputs: [] } }));
    expect(answer).toMatchObject({ result: { isError: true, structuredContent: { error: { code: 'invalid_request' } } } });
  });
});
