// Fault: 1,000 async launches against the default cap of 100 stored runs (SERVICE_MAX_RUNS).
// As designed (libs/runs RunStore), a launch is never refused for the cap: the
// oldest run is evicted instead (cancelled if still running). Nothing is lost silently: every 202'd
// run is pollable from its 202 on, and answers 404 exactly once 100 newer runs have been launched;
// the 100 kept runs all finish with their own result. run-lifecycle.spec covers the same rule with
// 50 concurrent launches against a cap of 10 (and the cancellation of evicted running runs).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import { listen, openTestService, testApp, waitFor, type Listening } from '../testing/test-server.js';

const LAUNCHES = 1000;
const CAP = 100; // the default SERVICE_MAX_RUNS
const BATCH = 10; // divides CAP
const BOUND_MS = 300_000;

interface RunView {
  readonly run_id: string;
  readonly status: string;
  readonly trace_id: string;
  readonly result: { outputs: Record<string, unknown> } | null;
}

describe(`${LAUNCHES} async launches against the ${CAP}-run cap`, () => {
  let service: SkillService;
  let server: Listening;

  beforeAll(async () => {
    service = await openTestService();
    server = await listen(testApp(service).app);
  });

  afterAll(async () => {
    await server.close();
    await service.close();
  });

  const getRun = async (runId: string): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${server.url}/v1/runs/${runId}`, { signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: await response.json() };
  };

  it(
    'answers 202 to every launch, keeps each run pollable until 100 newer ones evict it, and finishes the 100 kept',
    async () => {
      const launch = async (index: number): Promise<string> => {
        const response = await fetch(`${server.url}/v1/skills/math.sum/execute/async`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-trace-id': `flood-${index}` },
          body: JSON.stringify({ inputs: { a: index, b: 1000 } }),
          signal: AbortSignal.timeout(10_000),
        });
        expect(response.status).toBe(202);
        return ((await response.json()) as { run_id: string }).run_id;
      };
      // Batches of BATCH concurrent launches, one after the other: within a batch the order is the
      // server's, between batches it is known, so the FIFO boundary can be checked at batch edges.
      const batches: string[][] = [];
      for (let first = 0; first < LAUNCHES; first += BATCH) {
        const batch = await Promise.all(Array.from({ length: BATCH }, (_unused, offset) => launch(first + offset)));
        batches.push(batch);
        // Pollable as soon as launched …
        const polled = await Promise.all(batch.map(async (runId) => (await getRun(runId)).status));
        expect(polled).toEqual(batch.map(() => 200));
        // … and evicted first in, first out: with CAP / BATCH newer batches, a batch is still all there; with one more, all gone.
        const kept = batches[batches.length - CAP / BATCH];
        const evicted = batches[batches.length - CAP / BATCH - 1];
        if (evicted !== undefined && kept !== undefined && batches.length % 10 === 1) {
          expect(await Promise.all(kept.map(async (runId) => (await getRun(runId)).status))).toEqual(kept.map(() => 200));
          const gone = await Promise.all(evicted.map((runId) => getRun(runId)));
          for (const answer of gone) expect(answer).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
        }
      }
      const ids = batches.flat();
      expect(new Set(ids).size).toBe(LAUNCHES);

      let runs: RunView[] = [];
      await waitFor(
        'the kept runs to finish',
        async () => {
          const response = await fetch(`${server.url}/v1/runs?limit=1000`);
          runs = ((await response.json()) as { runs: RunView[] }).runs;
          return runs.every((run) => run.status !== 'running');
        },
        60_000,
      );
      // Exactly the newest 100 (the last CAP / BATCH batches), each completed with its own sum.
      expect(runs.map((run) => run.run_id).sort()).toEqual(ids.slice(-CAP).sort());
      for (const run of runs) {
        const index = Number(run.trace_id.replace('flood-', ''));
        expect(run).toMatchObject({ status: 'completed', result: { outputs: { sum: index + 1000 } } });
      }
      // Every older run answers 404: evicted, never silently half-present.
      const stillThere: string[] = [];
      for (const runId of ids.slice(0, -CAP)) if ((await getRun(runId)).status !== 404) stillThere.push(runId);
      expect(stillThere).toEqual([]);
      const deep = (await (await fetch(`${server.url}/v1/health?deep=true`)).json()) as { checks: { runs: Record<string, unknown> } };
      expect(deep.checks.runs).toMatchObject({ stored: CAP, capacity: CAP, running: 0 });
    },
    BOUND_MS,
  );
});
