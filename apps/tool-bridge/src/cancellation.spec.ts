// MCP `notifications/cancelled` stops the call it names: its run is aborted and, as MCP asks, it gets no response.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SkillService } from '@skill-service/service';
import { openBuiltinService, rpc, testBridge } from './testing/bridge-fixture.js';

jest.setTimeout(30_000);

const FIXTURES = fileURLToPath(new URL('test-fixtures/', import.meta.url));
let service: SkillService;

beforeAll(async () => {
  service = await openBuiltinService({
    SERVICE_REGISTRY_ROOT: join(FIXTURES, 'registry'),
    SERVICE_RUNTIME_ROOT: join(FIXTURES, 'runtime'),
    PYTHONPATH: fileURLToPath(new URL('../../../services/python/', import.meta.url)),
  });
});

afterAll(async () => {
  await service.close();
});

describe('notifications/cancelled', () => {
  it('aborts the named call, which is not answered; other calls go on', async () => {
    const bridge = testBridge(service);
    const sleeping = bridge.send(rpc('long', 'tools/call', { name: 'capability.execute', arguments: { capability_id: 'test.sleep', inputs: { seconds: 20, value: 'never' } } }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await bridge.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'long', reason: 'user' } })).toBeUndefined();
    // Settles well before the 20 s sleep would have: the run was aborted.
    expect(await sleeping).toBeUndefined();
    const other = await bridge.send(rpc('short', 'tools/call', { name: 'capability.execute', arguments: { capability_id: 'test.sleep', inputs: { seconds: 0.01, value: 'done' } } }));
    expect(other).toMatchObject({ id: 'short', result: { structuredContent: { outputs: { value: 'done' } } } });
  });
});
