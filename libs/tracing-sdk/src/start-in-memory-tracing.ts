import type { InMemoryTracing } from './tracing-handle.js';

/** Registers the SDK with an in-memory exporter (loaded here, so an app importing this library never loads it). */
export async function startInMemoryTracing(): Promise<InMemoryTracing> {
  const { inMemoryTracing } = await import('./testing/in-memory-tracing.js');
  return inMemoryTracing();
}
