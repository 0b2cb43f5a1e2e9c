import type { Context } from '@opentelemetry/api';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { BatchSpanProcessor, type ReadableSpan, type Span, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { SpanDropReason } from './tracing-handle.js';
import type { BatchSettings } from './tracing-settings.js';

/**
 * The SDK's batch processor with its drops counted: a span ended while `maxQueueSize` spans wait
 * for export is dropped at once (the request that ended it never waits), and a batch the exporter
 * could not deliver (collector down, refusing, too slow) counts all its spans.
 */
export class CountingBatchProcessor implements SpanProcessor {
  private readonly inner: BatchSpanProcessor;
  private queued = 0;

  constructor(
    exporter: SpanExporter,
    private readonly settings: BatchSettings,
    private readonly onDropped: (reason: SpanDropReason, count: number) => void,
  ) {
    const counted: SpanExporter = {
      export: (spans: ReadableSpan[], done: (result: ExportResult) => void) => {
        this.queued = Math.max(0, this.queued - spans.length);
        exporter.export(spans, (result) => {
          if (result.code !== ExportResultCode.SUCCESS) this.onDropped('export_failed', spans.length);
          done(result);
        });
      },
      shutdown: () => exporter.shutdown(),
      forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
    };
    this.inner = new BatchSpanProcessor(counted, settings);
  }

  onStart(span: Span, parent: Context): void {
    this.inner.onStart(span, parent);
  }

  onEnd(span: ReadableSpan): void {
    // Unsampled spans are ignored by the batch processor itself; only sampled ones take room.
    if ((span.spanContext().traceFlags & 1) === 1) {
      if (this.queued >= this.settings.maxQueueSize) {
        this.onDropped('queue_full', 1);
        return;
      }
      this.queued += 1;
    }
    this.inner.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}
