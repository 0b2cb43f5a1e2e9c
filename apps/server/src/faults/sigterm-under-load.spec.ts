// Fault: SIGTERM to the built server while clients keep it busy. Requests in flight when the
// signal arrives finish with their answer (a held sync execute and a held stream, released during the
// drain window, answer 200 and `done`); every other request gets either its full answer or a clean
// refusal (connection refused or closed before an answer, or 503); the process exits 0 within the
// drain window. graceful-shutdown.spec covers drainServer itself (a stream past the bound ends with
// a `done` error); built-server.spec the plain SIGTERM of an idle server.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { killBuiltServers, startBuiltServer } from '../testing/built-server.js';
import { exactStream } from '../testing/sse-frames.js';
import { gateFolder, waitFor } from '../testing/test-server.js';

const DRAIN_SECONDS = 8;
const CLIENTS = 8;
const BOUND_MS = 60_000;

afterEach(() => {
  killBuiltServers();
});

interface Tally {
  ok: number;
  refused: number;
  unavailable: number;
  /** Anything else: a status other than 200/503, or a 200 whose body is not the right result. */
  readonly wrong: string[];
}

/** Connection-level refusals: the server no longer listens, or closed an idle kept-alive connection. */
const isRefusal = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(cause?.code ?? '');
};

/** One client: sync executes of math.sum back to back until the server stops taking them. */
async function client(url: string, id: number, tally: Tally): Promise<void> {
  for (let index = 0; ; index++) {
    try {
      const response = await fetch(`${url}/v1/skills/math.sum/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inputs: { a: id, b: index } }),
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await response.json()) as { outputs?: { sum?: number }; error?: { code?: string } };
      if (response.status === 200 && body.outputs?.sum === id + index) tally.ok++;
      else if (response.status === 503 && body.error?.code === 'service_unavailable') tally.unavailable++;
      else tally.wrong.push(`${response.status} ${JSON.stringify(body)}`);
    } catch (error) {
      if (!isRefusal(error)) tally.wrong.push(String((error as { cause?: unknown }).cause ?? error));
      tally.refused++;
      return;
    }
  }
}

describe('SIGTERM under load (built server)', () => {
  it(
    'lets the held requests finish, answers or cleanly refuses every other one, and exits 0 within the drain window',
    async () => {
      const server = await startBuiltServer({ SERVICE_DRAIN_SECONDS: String(DRAIN_SECONDS), SERVICE_PYTHON_WORKERS: '4' });
      const gates = await gateFolder();
      const post = (path: string, body: unknown): Promise<Response> =>
        fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(BOUND_MS) });

      const tally: Tally = { ok: 0, refused: 0, unavailable: 0, wrong: [] };
      const clients = Array.from({ length: CLIENTS }, (_unused, id) => client(server.url, id, tally));
      const held = post('/v1/skills/test.wait/execute', { inputs: { gate_dir: gates, name: 'sync' } });
      const stream = post('/v1/skills/test.wait/execute/stream', { inputs: { gate_dir: gates, name: 'stream' } }).then(async (response) => ({
        status: response.status,
        text: await response.text(),
      }));
      await waitFor('both held calls to run', () => existsSync(join(gates, 'sync.started')) && existsSync(join(gates, 'stream.started')), 20_000);
      await waitFor('the load to get going', () => tally.ok >= CLIENTS, 20_000);

      server.child.kill('SIGTERM');
      // New connections are refused from now on; the held calls are released inside the drain window.
      await waitFor('the clients to be turned away', () => tally.refused + tally.unavailable >= CLIENTS || tally.wrong.length > 0, 20_000);
      await writeFile(join(gates, 'sync.release'), '');
      await writeFile(join(gates, 'stream.release'), '');

      const heldAnswer = await held;
      expect(heldAnswer.status).toBe(200);
      expect(await heldAnswer.json()).toMatchObject({ status: 'completed', outputs: { released: true } });
      const streamed = await stream;
      expect(streamed.status).toBe(200);
      const events = exactStream(streamed.text).events;
      expect(events.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed', outputs: { released: true } } });

      await Promise.all(clients);
      expect(tally.wrong).toEqual([]);
      expect(tally.ok).toBeGreaterThanOrEqual(CLIENTS);
      // Bounded by the test's own timeout (drain window plus the cancel grace and a margin).
      await waitFor('the server to exit', () => server.child.exitCode !== null || server.child.signalCode !== null, (DRAIN_SECONDS + 5) * 1000);
      expect(await server.exit).toBe(0);
    },
    BOUND_MS,
  );
});
