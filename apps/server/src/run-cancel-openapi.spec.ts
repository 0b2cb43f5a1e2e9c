// A run cancelled while its step waits on an openapi provider: the HTTP request to the provider is
// torn down (the provider sees its connection close), not left to run to its timeout.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SkillService } from '@skill-service/service';
import { openFaultService } from './testing/fault-service.js';
import { listen, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(60_000);

const cleanup: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

/** A provider that receives each request and never answers; it notes when the caller hangs up. */
async function holdingProvider(): Promise<{ port: number; received: IncomingMessage[]; closed: () => number }> {
  const received: IncomingMessage[] = [];
  let closed = 0;
  const server: Server = createServer((req) => {
    received.push(req);
    req.socket.once('close', () => (closed += 1));
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  );
  return { port: (server.address() as AddressInfo).port, received, closed: () => closed };
}

describe('cancelling a run waiting on an openapi provider', () => {
  it('tears down the HTTP request to the provider and fails the run with "Run cancelled"', async () => {
    const provider = await holdingProvider();
    const service: SkillService = await openFaultService({ FAULT_PROVIDER_PORT: String(provider.port), SERVICE_OUTBOUND_ALLOW: `127.0.0.1:${provider.port}` });
    cleanup.push(() => service.close());
    const server = await listen(testApp(service).app);
    cleanup.push(() => server.close());

    const launched = await fetch(`${server.url}/v1/skills/fault.remote-summary/execute/async`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { text: 'a text to summarise' } }),
    });
    expect(launched.status).toBe(202);
    const { run_id: runId } = (await launched.json()) as { run_id: string };
    await waitFor('the provider to receive the call', () => provider.received.length === 1, 20_000);
    expect(provider.closed()).toBe(0);

    const cancelled = await fetch(`${server.url}/v1/runs/${runId}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    // The step's call would otherwise wait for the binding's timeout; the connection goes now.
    await waitFor('the provider to see its connection close', () => provider.closed() === 1, 20_000);
    const record = (await (await fetch(`${server.url}/v1/runs/${runId}`)).json()) as Record<string, unknown>;
    expect(record).toMatchObject({ status: 'failed', error: 'Run cancelled' });
    expect(provider.received).toHaveLength(1);
  });
});
