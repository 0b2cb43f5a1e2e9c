import type { Server } from 'node:http';
import type { InflightRuns } from './inflight-runs.js';

// After the drain bound, cancelled runs get this long to send their final answer or `done` event.
const CANCEL_GRACE_MS = 1000;
// While draining, connections that finished their request are closed at this pace.
const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections and lets in-flight requests and streams finish within `drainMs`;
 * past it, their runs are cancelled (a stream then ends with its `done` error event) and, shortly
 * after, any connection left is cut. Resolves when the server has closed.
 */
export function drainServer(server: Server, inflight: InflightRuns, drainMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Keep-alive connections become idle once their answer is sent; close them as they do.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let cut: NodeJS.Timeout | undefined;
  const bound = setTimeout(() => {
    inflight.cancelAll();
    cut = setTimeout(() => server.closeAllConnections(), CANCEL_GRACE_MS);
  }, drainMs);
  // Runs that outlive their client hold no connection; they are waited for (cancelled past the bound) all the same.
  return Promise.all([closed, inflight.detachedSettled()]).then(() => undefined).finally(() => {
    clearInterval(sweep);
    clearTimeout(bound);
    clearTimeout(cut);
  });
}
