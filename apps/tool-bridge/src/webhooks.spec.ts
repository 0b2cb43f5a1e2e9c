// Executions through the bridge fire the webhook events, like every other channel.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import { WebhookReceiver } from '@skill-service/test-support';
import { ENGLISH_TEXT, openBuiltinService, rpc, testBridge, toolCall, type TestBridge } from './testing/bridge-fixture.js';
import { waitFor } from './testing/built-bridge.js';

jest.setTimeout(30_000);

let service: SkillService;
let bridge: TestBridge;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  service = await openBuiltinService({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1' }, { webhooks: { retryDelaysMs: [20], timeoutMs: 2_000 } });
  bridge = testBridge(service);
  await service.createWebhook({ url: await receiver.start(), events: ['skill.started', 'skill.completed', 'skill.failed'] });
});

afterAll(async () => {
  await service.close();
  await receiver.close();
});

const eventsOf = (traceId: string): Record<string, unknown>[] => receiver.payloads().filter((body) => body['trace_id'] === traceId);

describe('webhook events of the bridge channels', () => {
  it('a plain-line execution fires skill.started and skill.completed under its trace id', async () => {
    const answer = await bridge.send(toolCall('1', 'skill.execute', { skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT }, trace_id: 'bridge-hook-1' }));
    expect(answer).toMatchObject({ result: { status: 'completed', trace_id: 'bridge-hook-1' } });
    await waitFor('two deliveries', () => eventsOf('bridge-hook-1').length === 2);
    expect(eventsOf('bridge-hook-1').map((body) => body['event']).sort()).toEqual(['skill.completed', 'skill.started']);
    expect(eventsOf('bridge-hook-1').find((body) => body['event'] === 'skill.completed')).toMatchObject({
      data: { skill_id: 'text.language-keywords', status: 'completed', outputs: ['language', 'keywords'], duration_ms: expect.any(Number) },
      timestamp: expect.any(Number),
    });
  });

  it('an MCP execution fires them too; a call refused before its run starts fires none', async () => {
    const answer = await bridge.send(
      rpc(2, 'tools/call', { name: 'skill.execute', arguments: { skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT, max_keywords: 'five' }, trace_id: 'bridge-hook-2' } }),
    );
    // Inputs the skill refuses are checked before the run starts: no event, as over HTTP.
    expect(answer).toMatchObject({ result: { isError: true, structuredContent: { error: { code: 'invalid_request' } } } });
    const ran = await bridge.send(rpc(3, 'tools/call', { name: 'skill.execute', arguments: { skill_id: 'text.language-keywords', inputs: { text: ENGLISH_TEXT }, trace_id: 'bridge-hook-3' } }));
    expect(ran).toMatchObject({ result: { structuredContent: { status: 'completed' } } });
    await waitFor('the MCP run deliveries', () => eventsOf('bridge-hook-3').length === 2);
    expect(eventsOf('bridge-hook-2')).toEqual([]);
  });
});
