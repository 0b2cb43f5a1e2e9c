// The official MCP SDK client spawning the built bridge over stdio, as an MCP host would.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { BRIDGE_TOOLS } from './bridge-tools.js';
import { ENGLISH_TEXT, testEnvironment } from './testing/bridge-fixture.js';
import { BUILT_BRIDGE } from './testing/built-bridge.js';

jest.setTimeout(60_000);

let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function connect(): Promise<Client> {
  client = new Client({ name: 'bridge-spec', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BUILT_BRIDGE], env: testEnvironment(), stderr: 'pipe', cwd: '/' }));
  return client;
}

describe('the built bridge under the MCP SDK client', () => {
  it('negotiates the protocol and reports itself', async () => {
    const mcp = await connect();
    expect(mcp.getServerVersion()).toEqual({ name: 'skill-bridge', version: expect.any(String) });
    expect(mcp.getServerCapabilities()).toEqual({ tools: { listChanged: false }, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } });
    expect(mcp.getInstructions()).toContain('skill.execute');
    await expect(mcp.ping()).resolves.toEqual({});
  });

  it('lists the tools with their schemas and annotations', async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(BRIDGE_TOOLS.map((tool) => tool.name));
    const execute = tools.find((tool) => tool.name === 'skill.execute');
    expect(execute?.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['skill_id', 'inputs']) });
    expect(execute?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('lists schemas that are valid JSON Schema 2020-12 and accept the arguments the tools take', async () => {
    const { tools } = await (await connect()).listTools();
    // Strict: an unknown keyword or a contradictory schema is an error, not a silent pass.
    const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
    for (const tool of tools) {
      for (const [which, schema] of [['inputSchema', tool.inputSchema], ['outputSchema', tool.outputSchema]] as const) {
        if (schema === undefined) continue;
        expect({ tool: tool.name, which, valid: ajv.validateSchema(schema), errors: ajv.errors ?? null }).toEqual({ tool: tool.name, which, valid: true, errors: null });
        expect(() => ajv.compile(schema)).not.toThrow();
      }
    }
    const execute = ajv.compile(tools.find((tool) => tool.name === 'skill.execute')?.inputSchema ?? {});
    expect(execute({ skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT } })).toBe(true);
    expect(execute({ inputs: {} })).toBe(false);
  });

  it('executes a skill: structured content and its JSON text mirror', async () => {
    const result = await (await connect()).callTool({ name: 'skill.execute', arguments: { skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT } } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ skill_id: 'text.language-keywords', status: 'completed', outputs: { language: 'eng' }, trace_id: expect.any(String) });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  });

  it('gets a failing call as an isError result, and an unknown tool as a protocol error', async () => {
    const mcp = await connect();
    const result = await mcp.callTool({ name: 'skill.execute', arguments: { skill_id: 'text.language-keywords', inputs: {} } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: { code: 'invalid_request', type: 'InvalidRequestError' }, trace_id: expect.any(String) });
    await expect(mcp.callTool({ name: 'skill.remove', arguments: {} })).rejects.toThrow(/Unknown tool: skill\.remove/);
  });
});
