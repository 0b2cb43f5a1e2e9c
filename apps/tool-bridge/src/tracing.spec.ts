// The bridge continues the trace an MCP request names in `_meta.traceparent` (real SDK, spans in
// memory); a malformed one starts a new trace and the call is still answered.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import { startInMemoryTracing, type InMemoryTracing } from '@skill-service/tracing-sdk';
import { ENGLISH_TEXT, openBuiltinService, rpc, testBridge, type TestBridge } from './testing/bridge-fixture.js';

let tracing: InMemoryTracing;
let service: SkillService;
let bridge: TestBridge;

beforeAll(async () => {
  tracing = await startInMemoryTracing();
  service = await openBuiltinService();
  bridge = testBridge(service);
});

afterAll(async () => {
  await service.close();
  await tracing.shutdown();
});

beforeEach(() => {
  tracing.reset();
});

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const call = (meta: Record<string, unknown> | undefined): Record<string, unknown> =>
  rpc(1, 'tools/call', { name: 'capability.execute', arguments: { capability_id: 'text.language.detect', inputs: { text: ENGLISH_TEXT } }, ...(meta === undefined ? {} : { _meta: meta }) });

describe('MCP tools/call spans', () => {
  it('continue _meta.traceparent, with the run below them and the contract trace id from the span', async () => {
    const answer = await bridge.send(call({ traceparent: `00-${TRACE}-${PARENT}-01` }));
    const result = answer?.['result'] as { structuredContent: { trace_id: string }; isError?: boolean };
    expect(result.isError).toBeUndefined();
    const spans = tracing.spans();
    const server = spans.find((span) => span.name === 'tools/call capability.execute');
    expect(server?.kind).toBe(1);
    expect(server?.spanContext().traceId).toBe(TRACE);
    expect(server?.parentSpanContext?.spanId).toBe(PARENT);
    expect(server?.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'capability.execute' });
    const invoke = spans.find((span) => span.name === 'capability.invoke text.language.detect');
    expect(invoke?.spanContext().traceId).toBe(TRACE);
    expect(result.structuredContent.trace_id.replaceAll('-', '')).toBe(TRACE);
    // The built-in capability is an MCP tool: its client span sits under the binding call.
    const client = spans.find((span) => span.name === 'tools/call text.language.detect');
    const bindingCall = spans.find((span) => span.name === 'binding.call builtin_text_language_detect');
    expect([client?.kind, client?.parentSpanContext?.spanId]).toEqual([2, bindingCall?.spanContext().spanId]);
    expect(bindingCall?.attributes).toMatchObject({ 'skill_service.protocol': 'mcp', 'skill_service.service.id': 'builtin' });
  });

  it.each([
    ['no _meta', undefined],
    ['a malformed traceparent', { traceparent: `00-${'0'.repeat(32)}-${PARENT}-01` }],
    ['a traceparent that is no string', { traceparent: 42 }],
  ])('start a new trace with %s', async (_case, meta) => {
    const answer = await bridge.send(call(meta));
    expect((answer?.['result'] as { isError?: boolean }).isError).toBeUndefined();
    const server = tracing.spans().find((span) => span.name === 'tools/call capability.execute');
    expect(server?.parentSpanContext).toBeUndefined();
    expect(server?.spanContext().traceId).not.toBe('0'.repeat(32));
  });

  it('marks a failed tool call with its error code', async () => {
    await bridge.send(rpc(2, 'tools/call', { name: 'skill.execute', arguments: { skill_id: 'no.such-skill', inputs: {} } }));
    const server = tracing.spans().find((span) => span.name === 'tools/call skill.execute');
    expect([server?.status.code, server?.attributes['error.type']]).toEqual([2, 'not_found']);
  });
});
