import { startTestServer, type TestHttpServer } from './test-http-server.js';

// A local OpenTelemetry collector: an OTLP/HTTP receiver on 127.0.0.1 that decodes OTLP/JSON
// exports (each span with the service that sent it) and counts protobuf ones.

/** One span as OTLP/JSON spells it (ids in hex, attributes as typed key/value pairs). */
export interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes?: Array<{ key: string; value: Record<string, unknown> }>;
  readonly status?: { code?: number };
}

export interface ReceivedSpan {
  readonly service: string | undefined;
  readonly span: OtlpSpan;
}

interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

/** A span attribute's value, whatever OTLP/JSON type it was sent as. */
export function spanAttribute(span: OtlpSpan, key: string): unknown {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  if (value === undefined) return undefined;
  if ('intValue' in value) return Number(value['intValue']);
  return value['stringValue'] ?? value['boolValue'] ?? value['doubleValue'];
}

export class OtlpReceiver {
  readonly received: ReceivedSpan[] = [];
  /** Sizes of the OTLP/protobuf exports received (decoding them is the collector's business). */
  readonly protobufExports: number[] = [];
  #server: TestHttpServer | undefined;

  /** Listens on a free port; answers the endpoint to give OTEL_EXPORTER_OTLP_ENDPOINT. */
  async start(): Promise<string> {
    this.#server ??= await startTestServer((req, res, body, index) => {
      const type = req.headers['content-type'] ?? '';
      if (req.url === '/v1/traces' && type.startsWith('application/json')) this.#collect(JSON.parse(body) as ExportRequest);
      if (req.url === '/v1/traces' && type === 'application/x-protobuf') this.protobufExports.push(this.#server?.requests[index]?.bytes ?? 0);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    return this.#server.origin;
  }

  async close(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    await server?.close();
  }

  #collect(body: ExportRequest): void {
    for (const resourceSpans of body.resourceSpans ?? []) {
      const service = resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value.stringValue;
      for (const scope of resourceSpans.scopeSpans ?? []) for (const span of scope.spans ?? []) this.received.push({ service, span });
    }
  }
}
