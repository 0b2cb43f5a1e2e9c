// A local OpenTelemetry collector for the tracing specs: an OTLP/HTTP receiver on 127.0.0.1 that
// decodes OTLP/JSON exports (each span with the service that sent it) and counts protobuf ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  private server?: Server;

  /** Listens on a free port; answers the endpoint to give OTEL_EXPORTER_OTLP_ENDPOINT. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/v1/traces' && (req.headers['content-type'] ?? '').startsWith('application/json')) {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest;
          for (const resourceSpans of body.resourceSpans ?? []) {
            const service = resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value.stringValue;
            for (const scope of resourceSpans.scopeSpans ?? []) for (const span of scope.spans ?? []) this.received.push({ service, span });
          }
        }
        if (req.url === '/v1/traces' && req.headers['content-type'] === 'application/x-protobuf') this.protobufExports.push(Buffer.concat(chunks).length);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    const server = this.server;
    if (server === undefined) return Promise.resolve();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
