// The built bridge as a child process over its real stdin/stdout: hostile input, end of input, and
// the identity it takes from its environment.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex, signJwtHs256 } from '@skill-service/auth';
import { BridgeProcess, killBridges } from './testing/built-bridge.js';
import { ENGLISH_TEXT, rpc, toolCall } from './testing/bridge-fixture.js';

jest.setTimeout(60_000);

afterEach(() => {
  killBridges();
});

const MB = 1024 * 1024;
const FIXTURES = fileURLToPath(new URL('test-fixtures/', import.meta.url));
/** A registry whose one capability sleeps in a Python worker (services/python on its path). */
const SLEEP_FIXTURES = {
  SERVICE_REGISTRY_ROOT: join(FIXTURES, 'registry'),
  SERVICE_RUNTIME_ROOT: join(FIXTURES, 'runtime'),
  SERVICE_PYTHON_WORKERS: '2',
  PYTHONPATH: fileURLToPath(new URL('../../../services/python/', import.meta.url)),
};
const EXECUTE = { skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT } };

/** Every stdout line is one protocol answer (a JSON object with an id): nothing else ever reaches stdout. */
function expectOnlyProtocolLines(bridge: BridgeProcess): void {
  expect(bridge.stdoutLines.length).toBeGreaterThan(0);
  for (const line of bridge.stdoutLines) {
    const answer = JSON.parse(line) as Record<string, unknown>;
    expect(answer).toHaveProperty('id');
    expect('result' in answer || 'error' in answer).toBe(true);
  }
}

describe('the built bridge', () => {
  it('answers every kind of bad line with an error line and keeps serving; exits 0 at EOF', async () => {
    const bridge = new BridgeProcess();
    bridge.send('{"id": "a", "method": "tools/call", "params": ');
    bridge.send('[{"id": "b", "method": "tools/call"}]');
    bridge.send({ id: 'c', method: 'tools/delete' });
    bridge.send(toolCall('d', 'skill.remove'));
    bridge.send(toolCall('e', 'skill.execute', { skill_id: ['x'], inputs: 5 }));
    bridge.write(`{"id":"f","method":"tools/call","params":{"name":"skill.execute","arguments":{"inputs":{"text":"${'x'.repeat(5 * MB)}"}}}}\n`);
    bridge.write(`{"jsonrpc":"2.0","id":"g","method":"tools/call","params":{"name":"x","arguments":{"text":"${'y'.repeat(5 * MB)}"}}}\n`);
    bridge.send(rpc('h', 'no/such-method'));
    const ok = await bridge.request(toolCall('i', 'skill.execute', EXECUTE));
    expect(ok).toMatchObject({ id: 'i', result: { status: 'completed', outputs: { language: 'eng' } } });
    expect(await bridge.finish()).toBe(0);

    const answers = bridge.answers;
    const nullIds = answers.filter((answer) => answer['id'] === null);
    expect(nullIds).toEqual(
      expect.arrayContaining([
        { id: null, error: expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(/^Malformed JSON/) }) },
        { id: null, error: expect.objectContaining({ code: 'invalid_request' }) },
        { id: null, error: expect.objectContaining({ code: 'payload_too_large', type: 'PayloadTooLargeError' }) },
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('longer than 4194304 bytes') } },
      ]),
    );
    expect(nullIds).toHaveLength(4);
    expect(answers.find((answer) => answer['id'] === 'c')).toMatchObject({ error: { code: 'not_found' } });
    expect(answers.find((answer) => answer['id'] === 'd')).toMatchObject({ error: { code: 'not_found', message: "Unknown tool 'skill.remove'" } });
    expect(answers.find((answer) => answer['id'] === 'e')).toMatchObject({ error: { code: 'invalid_request' } });
    expect(answers.find((answer) => answer['id'] === 'h')).toMatchObject({ jsonrpc: '2.0', error: { code: -32601 } });
    expectOnlyProtocolLines(bridge);
    expect(bridge.stderrLines.join('\n')).toMatch(/skill-bridge \S+ ready on stdio \(\d+ skills, role admin\)/);
  });

  it('answers calls still in flight at EOF, answers a cut-off last line with id null, then exits 0', async () => {
    const bridge = new BridgeProcess(SLEEP_FIXTURES);
    bridge.send(toolCall('slow-1', 'capability.execute', { capability_id: 'test.sleep', inputs: { seconds: 1.5, value: 'plain' } }));
    bridge.send(rpc('slow-2', 'tools/call', { name: 'capability.execute', arguments: { capability_id: 'test.sleep', inputs: { seconds: 1.5, value: 'mcp' } } }));
    bridge.write('{"id":"cut","method":"tools/call","params":{"name":"runtime.he');
    // The input ends while both calls sleep in their Python workers.
    expect(await bridge.finish()).toBe(0);
    const answers = bridge.answers;
    expect(answers).toHaveLength(3);
    expect(answers.find((answer) => answer['id'] === 'slow-1')).toMatchObject({ result: { outputs: { value: 'plain' } } });
    expect(answers.find((answer) => answer['id'] === 'slow-2')).toMatchObject({ result: { structuredContent: { outputs: { value: 'mcp' } } } });
    expect(answers.find((answer) => answer['id'] === null)).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('serves a complete last line without a newline before exiting', async () => {
    const bridge = new BridgeProcess();
    bridge.write(JSON.stringify(toolCall('last', 'runtime.health')));
    expect(await bridge.finish()).toBe(0);
    expect(bridge.answers).toEqual([{ id: 'last', result: expect.objectContaining({ status: 'ok' }) }]);
  });

  it('prints its usage for --help and refuses arguments and bad settings with exit code 2', async () => {
    const help = new BridgeProcess({}, ['--help']);
    expect(await help.exit).toBe(0);
    expect(help.stdoutLines.join('\n')).toContain('SERVICE_TOKEN');

    const argument = new BridgeProcess({}, ['--port', '1']);
    expect(await argument.exit).toBe(2);
    expect(argument.stderrLines).toContain("skill-bridge: unexpected argument '--port' (the bridge is configured through its environment; see --help)");

    const setting = new BridgeProcess({ SERVICE_MAX_RUNS: 'lots' });
    expect(await setting.exit).toBe(2);
    expect(setting.stderrLines).toContain("skill-bridge: SERVICE_MAX_RUNS must be an integer from 1 to 1000000, got 'lots'");
    expect(setting.stdoutLines.filter((line) => line !== '')).toEqual([]);
  });
});

describe('the bridge identity (from its environment)', () => {
  const readerKey = 'reader-key-0123456789';
  const executorKey = 'executor-key-0123456789';
  const rbac = { SERVICE_RBAC: '1', SERVICE_API_KEYS: `bot:reader:${sha256Hex(readerKey)},ci:executor:${sha256Hex(executorKey)}` };

  it('a reader may read but not execute: forbidden, as the HTTP route answers', async () => {
    const bridge = new BridgeProcess({ ...rbac, SERVICE_TOKEN: readerKey });
    expect(await bridge.request(toolCall('list', 'skill.list', { limit: 1 }))).toMatchObject({ result: { skills: expect.any(Array) } });
    expect(await bridge.request(toolCall('run', 'skill.execute', EXECUTE))).toEqual({
      id: 'run',
      error: { code: 'forbidden', type: 'AuthorizationError', message: "Role 'reader' is insufficient for this endpoint; it needs 'executor'.", hint: 'Use credentials with a higher role.' },
    });
    const mcp = await bridge.request(rpc('mcp-run', 'tools/call', { name: 'capability.execute', arguments: { capability_id: 'text.language.detect', inputs: { text: ENGLISH_TEXT } } }));
    expect(mcp).toMatchObject({ result: { isError: true, structuredContent: { error: { code: 'forbidden' } } } });
    expect(await bridge.finish()).toBe(0);
  });

  it('an executor key, a JWT and the configured admin key may execute', async () => {
    const secret = 's'.repeat(32);
    const token = signJwtHs256({ sub: 'agent', role: 'executor', exp: Math.floor(Date.now() / 1000) + 600 }, secret);
    for (const env of [
      { ...rbac, SERVICE_TOKEN: executorKey },
      { ...rbac, SERVICE_JWT_SECRET: secret, SERVICE_TOKEN: token },
      { ...rbac, SERVICE_API_KEY: 'the-admin-key-0123' },
    ]) {
      const bridge = new BridgeProcess(env);
      expect(await bridge.request(toolCall('run', 'skill.execute', EXECUTE))).toMatchObject({ result: { status: 'completed' } });
      expect(await bridge.finish()).toBe(0);
    }
  });

  it('stops at start (exit 2, one stderr line) when its credential is refused', async () => {
    for (const env of [
      { ...rbac, SERVICE_TOKEN: 'not-a-known-key' } as Record<string, string>,
      { ...rbac },
      { SERVICE_API_KEY: 'legacy-key-0123', SERVICE_TOKEN: 'wrong-key-0123' },
    ]) {
      const bridge = new BridgeProcess(env);
      expect(await bridge.exit).toBe(2);
      expect(bridge.stderrLines.filter((line) => line !== '')).toEqual([expect.stringMatching(/^skill-bridge: (Authentication required\.|Invalid API key\.)$/)]);
      expect(bridge.stdoutLines.filter((line) => line !== '')).toEqual([]);
    }
  });
});
