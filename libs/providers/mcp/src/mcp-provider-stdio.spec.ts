import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ServiceError } from '@skill-service/contracts';
import { McpProvider } from './mcp-provider.js';
import type { McpLogEntry, McpProviderOptions } from './mcp-provider-options.js';
import { eventually, isRunning, service, stdioService, toolCall } from './test-servers/provider-calls.js';

// Every test talks to real child processes (test-servers/stdio-test-server.mjs). Starting one
// loads the SDK in a fresh Node process, which takes 0.3–2 s on a busy machine: hence the timeout.
jest.setTimeout(30_000);

const svc = stdioService();

interface Harness {
  readonly provider: McpProvider;
  readonly logs: McpLogEntry[];
  pid(): Promise<number>;
}

function harness(options: McpProviderOptions = {}): Harness {
  const logs: McpLogEntry[] = [];
  const provider = new McpProvider({ restartBackoffMs: 50, log: (entry) => logs.push(entry), ...options });
  const pid = async (): Promise<number> => ((await provider.call(toolCall(svc, 'pid'))) as { pid: number }).pid;
  return { provider, logs, pid };
}

function serviceHealth(details: Record<string, unknown>, id = 'stdio-test'): Record<string, unknown> | undefined {
  return (details['services'] as Record<string, Record<string, unknown>>)[id];
}

describe('McpProvider over stdio: one kept session', () => {
  let h: Harness;
  beforeAll(() => {
    h = harness();
  });
  afterAll(async () => {
    await h.provider.close();
  });

  it('spawns the server once, initialises it and reuses it for later calls', async () => {
    const first = await h.pid();
    expect(await h.provider.call(toolCall(svc, 'add', { a: 2, b: 3 }))).toEqual({ sum: 5 });
    expect(await h.pid()).toBe(first);
    const health = await h.provider.health();
    expect(health).toMatchObject({ protocol: 'mcp', healthy: true });
    expect(health.details).toEqual({ services: { 'stdio-test': { transport: 'stdio', state: 'connected', connected: true, restarts: 0, pid: first } } });
    expect(h.logs.filter((entry) => entry.event === 'connecting')).toHaveLength(1);
    expect(h.logs).toContainEqual({ level: 'info', service: 'stdio-test', event: 'connected', message: 'initialised stdio-test-server 1.0.0', pid: first });
  });

  it('returns structuredContent, else JSON text content, else the joined text', async () => {
    expect(await h.provider.call(toolCall(svc, 'add', { a: 1, b: 2 }))).toEqual({ sum: 3 });
    expect(await h.provider.call(toolCall(svc, 'echo_text', { x: [1, 'two'] }))).toEqual({ echoed: { x: [1, 'two'] } });
    expect(await h.provider.call(toolCall(svc, 'plain_text'))).toEqual({ text: 'hello\nworld' });
  });

  it('turns an isError result into upstream_failure with the sanitised tool message', async () => {
    const failure = h.provider.call(toolCall(svc, 'fail'));
    await expect(failure).rejects.toBeInstanceOf(ServiceError);
    await expect(failure).rejects.toMatchObject({
      code: 'upstream_failure',
      status: 502,
      message: "MCP tool 'fail' of service 'stdio-test' reported an error: the widget is broken",
    });
  });

  it('reports an unknown tool (JSON-RPC error -32602) as invalid_configuration', async () => {
    await expect(h.provider.call(toolCall(svc, 'no_such_tool'))).rejects.toMatchObject({
      code: 'invalid_configuration',
      status: 409,
      message: "MCP service 'stdio-test' has no tool 'no_such_tool': Unknown tool: no_such_tool",
    });
  });

  it('times out with upstream_timeout, cancels the request on the server and keeps the session', async () => {
    const pid = await h.pid();
    await expect(h.provider.call(toolCall(svc, 'slow', { ms: 10_000 }, { timeoutMs: 200 }))).rejects.toMatchObject({
      code: 'upstream_timeout',
      status: 504,
      message: "MCP tool 'slow' of service 'stdio-test' did not answer within 200 ms.",
    });
    await eventually(() => h.logs.some((entry) => entry.event === 'stderr' && entry.message === 'slow cancelled'));
    expect(await h.pid()).toBe(pid);
    expect(await h.provider.call(toolCall(svc, 'slow', { ms: 10 }))).toEqual({ waited: 10 });
  });

  it('caps the call timeout with the service timeout_seconds', async () => {
    const capped = { ...svc, timeout_seconds: 0.2 };
    await expect(h.provider.call(toolCall(capped, 'slow', { ms: 10_000 }, { timeoutMs: 10_000 }))).rejects.toMatchObject({ code: 'upstream_timeout' });
  });

  it('rejects promptly when the caller aborts, with the abort reason when it is a ServiceError', async () => {
    await h.pid();
    const cancelled = h.logs.filter((entry) => entry.message === 'slow cancelled').length;
    const controller = new AbortController();
    const started = Date.now();
    const pending = h.provider.call(toolCall(svc, 'slow', { ms: 10_000 }, { signal: controller.signal }));
    setTimeout(() => controller.abort(new ServiceError('step_timeout', 'step deadline passed')), 100);
    await expect(pending).rejects.toMatchObject({ code: 'step_timeout', message: 'step deadline passed' });
    expect(Date.now() - started).toBeLessThan(5_000);
    await eventually(() => h.logs.filter((entry) => entry.message === 'slow cancelled').length > cancelled);

    const already = new AbortController();
    already.abort();
    await expect(h.provider.call(toolCall(svc, 'pid', {}, { signal: already.signal }))).rejects.toMatchObject({
      code: 'upstream_failure',
      message: "The call to MCP tool 'pid' of service 'stdio-test' was cancelled.",
    });
  });

  it('forwards the server stderr lines to the log with the server pid', async () => {
    const pid = await h.pid();
    expect(h.logs).toContainEqual({ level: 'info', service: 'stdio-test', event: 'stderr', message: `stdio-test-server ready pid=${pid}`, pid });
  });
});

describe('McpProvider over stdio: server lifecycle', () => {
  let h: Harness;
  afterEach(async () => {
    await h.provider.close();
  });

  it('shares one connection attempt between concurrent first calls', async () => {
    h = harness();
    const pids = await Promise.all([h.pid(), h.pid(), h.pid()]);
    expect(new Set(pids).size).toBe(1);
    expect(h.logs.filter((entry) => entry.event === 'connecting')).toHaveLength(1);
  });

  it('lets a caller give up while the server starts without cancelling the start for others', async () => {
    h = harness();
    const controller = new AbortController();
    const impatient = h.provider.call(toolCall(svc, 'pid', {}, { signal: controller.signal }));
    const hasty = h.provider.call(toolCall(svc, 'pid', {}, { timeoutMs: 1 }));
    controller.abort(new ServiceError('step_timeout', 'gave up'));
    await expect(impatient).rejects.toMatchObject({ code: 'step_timeout' });
    await expect(hasty).rejects.toMatchObject({ code: 'upstream_timeout', message: "MCP server 'stdio-test' was not ready within 1 ms." });
    await h.pid();
    expect(h.logs.filter((entry) => entry.event === 'connecting')).toHaveLength(1);
  });

  it('fails a call whose server crashes with upstream_failure, then respawns on the next call', async () => {
    h = harness();
    const before = await h.pid();
    await expect(h.provider.call(toolCall(svc, 'crash'))).rejects.toMatchObject({
      code: 'upstream_failure',
      status: 502,
      message: "MCP server 'stdio-test' exited during the call to tool 'crash'; it is reconnected on the next call.",
    });
    expect(h.logs).toContainEqual(expect.objectContaining({ event: 'exited', level: 'warn', pid: before }));
    const after = await h.pid();
    expect(after).not.toBe(before);
    expect(isRunning(before)).toBe(false);
    const health = await h.provider.health();
    expect(serviceHealth(health.details)).toMatchObject({ connected: true, restarts: 1, last_error: 'the server process exited', pid: after });
  });

  it('backs off, doubling, before respawning a server that keeps crashing', async () => {
    h = harness({ restartBackoffMs: 300 });
    await expect(h.provider.call(toolCall(svc, 'crash'))).rejects.toMatchObject({ code: 'upstream_failure' });
    await expect(h.provider.call(toolCall(svc, 'crash'))).rejects.toMatchObject({ code: 'upstream_failure' });
    // Two crashes in a row: the next spawn waits 2 × 300 ms from the last one.
    const started = Date.now();
    await h.pid();
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });

  it('notices a server killed from outside while idle and respawns it on the next call', async () => {
    h = harness();
    const before = await h.pid();
    process.kill(before, 'SIGKILL');
    await eventually(async () => serviceHealth((await h.provider.health()).details)?.['connected'] === false);
    const after = await h.pid();
    expect(after).not.toBe(before);
  });

  it('close() stops the child and refuses later calls', async () => {
    h = harness();
    const pid = await h.pid();
    await h.provider.close();
    expect(isRunning(pid)).toBe(false);
    await expect(h.provider.call(toolCall(svc, 'pid'))).rejects.toMatchObject({ code: 'service_unavailable' });
    expect((await h.provider.health()).healthy).toBe(false);
  });

  it('reports a command that cannot start as upstream_failure without its path, and unhealthy', async () => {
    h = harness();
    const broken = service({ id: 'broken', command: '/nonexistent/mcp-server-binary' });
    const failure = h.provider.call(toolCall(broken, 'pid'));
    await expect(failure).rejects.toMatchObject({
      code: 'upstream_failure',
      message: "Could not connect to MCP server 'broken': the server command could not be started (ENOENT)",
    });
    const health = await h.provider.health();
    expect(health.healthy).toBe(false);
    expect(health.details).toMatchObject({ failing: ['broken'], services: { broken: { state: 'failed', connected: false } } });
  });

  it('rejects a descriptor that names no server as invalid_configuration', async () => {
    h = harness();
    await expect(h.provider.call(toolCall(service({ id: 'empty' }), 'x'))).rejects.toMatchObject({ code: 'invalid_configuration', status: 409 });
  });
});
