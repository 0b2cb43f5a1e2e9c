import { afterEach, describe, expect, it } from '@jest/globals';
import { OtlpReceiver, spanAttribute } from './otlp-receiver.js';

const collector = new OtlpReceiver();
afterEach(() => collector.close());

const span = (name: string, attributes: { key: string; value: Record<string, unknown> }[] = []) => ({
  traceId: '5b8efff798038103d269b633813fc60c',
  spanId: 'eee19b7ec3c1b174',
  name,
  kind: 2,
  attributes,
});

describe('OtlpReceiver', () => {
  it('decodes OTLP/JSON span exports with their service, and counts protobuf ones', async () => {
    const endpoint = await collector.start();
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const exported = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'skill-service' } }] },
          scopeSpans: [{ spans: [span('POST /v1/skills/:id/execute', [{ key: 'http.status_code', value: { intValue: '200' } }, { key: 'skill.id', value: { stringValue: 'math.sum' } }, { key: 'cached', value: { boolValue: false } }]), span('capability.invoke')] }],
        },
        { scopeSpans: [{ spans: [span('orphan')] }] },
      ],
    };
    const json = await fetch(`${endpoint}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(exported) });
    expect([json.status, await json.json()]).toEqual([200, {}]);
    const protobuf = await fetch(`${endpoint}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/x-protobuf' }, body: new Uint8Array([0x0a, 0xff, 0x00, 0x80]) });
    await protobuf.arrayBuffer();
    const elsewhere = await fetch(`${endpoint}/v1/metrics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(exported) });
    await elsewhere.arrayBuffer();

    expect(collector.received.map(({ service, span: { name } }) => [service, name])).toEqual([
      ['skill-service', 'POST /v1/skills/:id/execute'],
      ['skill-service', 'capability.invoke'],
      [undefined, 'orphan'],
    ]);
    expect(collector.protobufExports).toEqual([4]);
    const [first] = collector.received;
    expect(first === undefined ? [] : [spanAttribute(first.span, 'http.status_code'), spanAttribute(first.span, 'skill.id'), spanAttribute(first.span, 'cached'), spanAttribute(first.span, 'absent')]).toEqual([200, 'math.sum', false, undefined]);
  });
});
