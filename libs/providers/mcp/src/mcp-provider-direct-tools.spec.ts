import { afterEach, describe, expect, it } from '@jest/globals';
import { McpProvider } from './mcp-provider.js';
import type { InProcessTools } from './mcp-provider-options.js';
import { service, toolCall } from './test-servers/provider-calls.js';
import type { ToolCallResult } from './tool-result.js';

/** A tool set as a service would register it; `created` counts how often the provider built one. */
function toolSet(): { created: number; signals: AbortSignal[]; create: () => InProcessTools } {
  const tools: InProcessTools = {
    serverInfo: { name: 'direct', version: '2.0.0' },
    callTool(name, args, signal): Promise<ToolCallResult | undefined> {
      set.signals.push(signal);
      switch (name) {
        case 'add':
          return Promise.resolve({ content: [], structuredContent: { sum: Number(args['a']) + Number(args['b']) } });
        case 'refuse':
          return Promise.resolve({ isError: true, content: [{ type: 'text', text: JSON.stringify({ code: 'invalid_request', message: 'a must be positive' }) }] });
        case 'hang':
          // Honours its signal, as a tool set must.
          return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
        case 'ignore':
          return new Promise(() => undefined);
        case 'crash':
          return Promise.reject(new Error('the tool set broke'));
        default:
          return Promise.resolve(undefined);
      }
    },
  };
  const set = {
    created: 0,
    signals: [] as AbortSignal[],
    create: (): InProcessTools => {
      set.created += 1;
      return tools;
    },
  };
  return set;
}

describe('McpProvider with an in-process tool set (called directly)', () => {
  let provider: McpProvider;
  const direct = service({ id: 'direct-tools', server: 'direct' });
  afterEach(async () => {
    await provider.close();
  });

  it('calls the tools without a transport, builds the set once and reports it like a connected server', async () => {
    const set = toolSet();
    provider = new McpProvider({ inProcessTools: { direct: set.create } });
    const caller = new AbortController();
    expect(await provider.call(toolCall(direct, 'add', { a: 2, b: 3 }, { signal: caller.signal }))).toEqual({ sum: 5 });
    expect(await provider.call(toolCall(direct, 'add', { a: 1, b: 1 }))).toEqual({ sum: 2 });
    expect(set.created).toBe(1);
    expect(set.signals[0]).toBe(caller.signal); // no per-call linked signal: nothing keeps listeners on it
    expect((await provider.health()).details['services']).toEqual({
      'direct-tools': { transport: 'in-process', state: 'connected', connected: true, restarts: 0 },
    });
  });

  it('maps answers and errors as for a server: typed isError, unknown tool', async () => {
    provider = new McpProvider({ inProcessTools: { direct: toolSet().create } });
    await expect(provider.call(toolCall(direct, 'refuse'))).rejects.toMatchObject({ code: 'invalid_request', status: 400, message: 'a must be positive' });
    await expect(provider.call(toolCall(direct, 'nowhere'))).rejects.toMatchObject({
      code: 'invalid_configuration',
      status: 409,
      message: "MCP service 'direct-tools' has no tool 'nowhere': Tool nowhere not found",
    });
  });

  it("settles when the caller's signal aborts (its deadline or a cancellation): the tool set holds that signal", async () => {
    provider = new McpProvider({ inProcessTools: { direct: toolSet().create } });
    await expect(provider.call(toolCall(direct, 'hang', {}, { timeoutMs: 50, signal: AbortSignal.timeout(50) }))).rejects.toMatchObject({
      code: 'upstream_timeout',
      status: 504,
      message: "MCP tool 'hang' of service 'direct-tools' timed out.",
    });
    const caller = new AbortController();
    const pending = provider.call(toolCall(direct, 'hang', {}, { signal: caller.signal }));
    caller.abort(new Error('client went away'));
    await expect(pending).rejects.toMatchObject({ code: 'upstream_failure', message: "The call to MCP tool 'hang' of service 'direct-tools' was cancelled." });
  });

  it("gives up on its own when the service's timeout is shorter than the caller's budget, even on a tool that ignores its signal", async () => {
    provider = new McpProvider({ inProcessTools: { direct: toolSet().create } });
    const quick = service({ id: 'direct-tools', server: 'direct', timeout_seconds: 0.05 });
    await expect(provider.call(toolCall(quick, 'ignore', {}, { timeoutMs: 5_000 }))).rejects.toMatchObject({
      code: 'upstream_timeout',
      status: 504,
      message: "MCP tool 'ignore' of service 'direct-tools' did not answer within 50 ms.",
    });
  });

  it('drops a tool set that failed unexpectedly and builds a fresh one for the next call', async () => {
    const set = toolSet();
    provider = new McpProvider({ inProcessTools: { direct: set.create }, restartBackoffMs: 1 });
    await expect(provider.call(toolCall(direct, 'crash'))).rejects.toMatchObject({
      code: 'upstream_failure',
      message: "The link to MCP server 'direct-tools' failed: the tool set broke",
    });
    expect(await provider.call(toolCall(direct, 'add', { a: 1, b: 2 }))).toEqual({ sum: 3 });
    expect(set.created).toBe(2);
    expect((await provider.health()).details['services']).toMatchObject({ 'direct-tools': { state: 'connected', restarts: 1 } });
  });

  it('fails calls after close()', async () => {
    provider = new McpProvider({ inProcessTools: { direct: toolSet().create } });
    await provider.call(toolCall(direct, 'add', { a: 1, b: 2 }));
    await provider.close();
    await expect(provider.call(toolCall(direct, 'add', { a: 1, b: 2 }))).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
