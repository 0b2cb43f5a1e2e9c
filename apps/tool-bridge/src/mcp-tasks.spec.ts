// MCP tasks (revision 2025-11-25) and notifications/cancelled for skill.execute, driven by the
// official MCP SDK client against the built bridge over stdio, as an MCP host would.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, CreateTaskResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { testEnvironment } from './testing/bridge-fixture.js';
import { BUILT_BRIDGE } from './testing/built-bridge.js';

jest.setTimeout(60_000);

const FIXTURES = fileURLToPath(new URL('test-fixtures/', import.meta.url));
const PYTHON_MODULES = fileURLToPath(new URL('../../../services/python/', import.meta.url));

let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function connect(): Promise<Client> {
  client = new Client({ name: 'tasks-spec', version: '1.0.0' });
  const env = testEnvironment({ SERVICE_REGISTRY_ROOT: join(FIXTURES, 'registry'), SERVICE_RUNTIME_ROOT: join(FIXTURES, 'runtime'), PYTHONPATH: PYTHON_MODULES });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BUILT_BRIDGE], env, stderr: 'pipe', cwd: '/' }));
  return client;
}

const nap = (seconds: number, value: string): { name: string; arguments: Record<string, unknown> } => ({
  name: 'skill.execute',
  arguments: { skill_id: 'test.nap', inputs: { seconds, value } },
});

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error('expected an MCP error');
}

describe('MCP tasks over async runs', () => {
  it('declares tasks and marks skill.execute as accepting a task-augmented call', async () => {
    const mcp = await connect();
    expect(mcp.getServerCapabilities()).toEqual({ tools: { listChanged: false }, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } });
    const { tools } = await mcp.listTools();
    expect(tools.find((tool) => tool.name === 'skill.execute')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.filter((tool) => tool.execution !== undefined).map((tool) => tool.name)).toEqual(['skill.execute']);
  });

  it('runs skill.execute as a task: created, polled while working, then its result', async () => {
    const mcp = await connect();
    await mcp.listTools();
    const messages = [];
    for await (const message of mcp.experimental.tasks.callToolStream(nap(1, 'rested'), CallToolResultSchema, { task: { ttl: 60_000 } })) messages.push(message);
    const created = messages.find((message) => message.type === 'taskCreated');
    expect(created?.type === 'taskCreated' && created.task).toMatchObject({ taskId: expect.any(String), status: 'working', ttl: null, pollInterval: 500 });
    const last = messages.at(-1);
    expect(last?.type).toBe('result');
    const result = last?.type === 'result' ? last.result : undefined;
    expect(result?.isError).toBeUndefined();
    expect(result?.structuredContent).toMatchObject({ skill_id: 'test.nap', status: 'completed', outputs: { value: 'rested' } });

    const taskId = created?.type === 'taskCreated' ? created.task.taskId : '';
    expect(await mcp.experimental.tasks.getTask(taskId)).toMatchObject({ taskId, status: 'completed' });
    const listed = await mcp.experimental.tasks.listTasks();
    expect(listed.tasks.map((task) => task.taskId)).toEqual([taskId]);
    // The same result again, tied to its task.
    const again = await mcp.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(again.structuredContent).toMatchObject({ outputs: { value: 'rested' } });
    expect(again._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId } });
  });

  it('cancels a working task: its run stops at once and fails "Run cancelled"; a second cancel is refused', async () => {
    const mcp = await connect();
    const created = await mcp.request({ method: 'tools/call', params: { ...nap(30, 'never'), task: {} } }, CreateTaskResultSchema);
    const { taskId } = created.task;
    expect(created.task.status).toBe('working');
    // Let the step start (the Python call sleeping), then cancel.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const startedAt = Date.now();
    const cancelled = await mcp.experimental.tasks.cancelTask(taskId);
    expect(cancelled).toMatchObject({ taskId, status: 'cancelled', statusMessage: 'Run cancelled' });
    const result = await mcp.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ run_id: taskId, status: 'failed', error: 'Run cancelled' });
    // Well before the 30 s nap would have ended.
    expect(Date.now() - startedAt).toBeLessThan(20_000);

    const again = await rejection(mcp.experimental.tasks.cancelTask(taskId));
    expect(again.code).toBe(-32602);
    expect(again.message).toContain('Cannot cancel task in terminal status: cancelled');
    // The bridge's one Python worker is free again: the cancelled call was interrupted.
    const quick = await mcp.callTool(nap(0.01, 'after'));
    expect(quick.structuredContent).toMatchObject({ outputs: { value: 'after' } });
  });

  it('answers unknown tasks and bad task calls with invalid params', async () => {
    const mcp = await connect();
    for (const call of [mcp.experimental.tasks.getTask('no-such-task'), mcp.experimental.tasks.cancelTask('no-such-task'), mcp.experimental.tasks.getTaskResult('no-such-task')]) {
      const error = await rejection(call);
      expect(error.code).toBe(-32602);
      expect(error.message).toContain('Task not found: no-such-task');
    }
    const unknownSkill = await rejection(mcp.request({ method: 'tools/call', params: { name: 'skill.execute', arguments: { skill_id: 'no.such', inputs: {} }, task: {} } }, CreateTaskResultSchema));
    expect(unknownSkill.code).toBe(-32602);
    expect(unknownSkill.data).toMatchObject({ error: { code: 'not_found' } });
    const notATaskTool = await rejection(mcp.request({ method: 'tools/call', params: { name: 'skill.list', arguments: {}, task: {} } }, CreateTaskResultSchema));
    expect(notATaskTool.code).toBe(-32602);
    expect((await mcp.experimental.tasks.listTasks()).tasks).toEqual([]);
  });
});

describe('notifications/cancelled for a plain skill.execute call', () => {
  it('interrupts the run: the Python call is stopped and the next call is served at once', async () => {
    const mcp = await connect();
    const controller = new AbortController();
    const pending = mcp.callTool(nap(30, 'never'), CallToolResultSchema, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const startedAt = Date.now();
    controller.abort('no longer needed');
    await expect(pending).rejects.toBeDefined();
    // With one Python worker, this answers before the 30 s nap only if the cancelled call was interrupted.
    const next = await mcp.callTool(nap(0.01, 'next'));
    expect(next.structuredContent).toMatchObject({ outputs: { value: 'next' } });
    expect(Date.now() - startedAt).toBeLessThan(20_000);
  });
});
