/*
 * `npm run soak -- --minutes 10`: mixed traffic against the BUILT server for a while, then books
 * kept on everything it launched. Not part of CI (it runs for minutes).
 *
 * Traffic, from `--concurrency` clients at once: sync skill executes, capability executes, SSE
 * streams read to `done`, and async runs, each polled until it is completed or failed. Two webhook
 * subscriptions (registered through POST /v1/webhooks, the server told to allow loopback with
 * SERVICE_OUTBOUND_ALLOW) point at a local receiver: 'steady' takes every skill.* and run.* terminal
 * event and refuses about 3% of attempts at random (retries must cover them); 'flaky' takes run.*
 * events and is down (503) 20 s of every minute, longer than the 2 + 4 + 8 s of retries, so some of
 * its deliveries end as dead letters. The server's RSS (VmRSS of /proc/<pid>/status) is sampled
 * every `--sample-seconds`.
 *
 * After the traffic stops it waits (up to a minute) for runs and deliveries to settle, then exits 1
 * when: the RSS trend after the warm-up (least-squares line over the samples past the first 20% of
 * the run) rises more than 10% over the window; an async run never reached a terminal state; a
 * webhook event was neither delivered (distinct `webhook-id`s the receiver accepted) nor dead-lettered
 * (distinct ids in GET /v1/webhooks/dead-letters, polled every sample so the queue's 500-entry cap
 * cannot hide any); or a request was answered otherwise than expected.
 *
 *   npm run soak -- [--minutes 10] [--concurrency 4] [--sample-seconds 10]
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { copyBuiltServer, killChildren, ROOT, startChild, statusMb, stopChild } from './child-process.js';
import { agent, call, jsonOf, oneStream, sleep, waitHealthy } from './http-client.js';
import { parseSoakArgs, rssTrend, soakFailures, type RssSample, type SoakOptions, type WebhookBooks } from './soak-checks.js';

const SKILL = 'data.normalize-signup';
const SKILL_BODY = JSON.stringify({
  inputs: { form: { Name: '  Lena Berg ', 'E-mail': ' Lena.Berg@Example.com', Age: '34', Newsletter: 'yes', contact: { country: 'es' } } },
});
const CAPABILITY = 'text.keyword.extract';
const CAPABILITY_BODY = JSON.stringify({ inputs: { text: 'Soak tests keep a service busy for minutes and watch its memory, its runs and its webhooks.' } });
const SETTLE_MS = 60_000;
const FLAKY_PERIOD_MS = 60_000;
const FLAKY_DOWN_MS = 20_000;

/** The local webhook receiver: distinct accepted deliveries per path. */
class Receiver {
  readonly accepted = new Map<string, Set<string>>([
    ['/steady', new Set()],
    ['/flaky', new Set()],
  ]);
  readonly refused = new Map<string, number>([
    ['/steady', 0],
    ['/flaky', 0],
  ]);
  private readonly server: Server;
  private readonly startedAt = Date.now();
  /** While settling, 'flaky' stays up so that pending retries can land. */
  flakyOutages = true;

  constructor() {
    this.server = createServer((req, res) => this.handle(req, res));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolvePromise) => this.server.listen(0, '127.0.0.1', resolvePromise));
    const address = this.server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolvePromise) => this.server.close(() => resolvePromise()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '';
    const id = req.headers['webhook-id'];
    req.resume();
    req.on('end', () => {
      const seen = this.accepted.get(path);
      if (seen === undefined || typeof id !== 'string') {
        res.writeHead(404).end();
        return;
      }
      const down = path === '/flaky' ? this.flakyOutages && (Date.now() - this.startedAt) % FLAKY_PERIOD_MS >= FLAKY_PERIOD_MS - FLAKY_DOWN_MS : Math.random() < 0.03;
      if (down) {
        this.refused.set(path, (this.refused.get(path) ?? 0) + 1);
        res.writeHead(path === '/flaky' ? 503 : 500).end();
        return;
      }
      seen.add(id);
      res.writeHead(204).end();
    });
  }
}

/** What the traffic did, counted as it happened. */
class Counts {
  sync = 0;
  capability = 0;
  streams = 0;
  runsLaunched = 0;
  runsCompleted = 0;
  runsFailed = 0;
  unexpected = 0;
  readonly problems: string[] = [];
  readonly pendingRuns = new Set<string>();

  problem(what: string): void {
    this.unexpected++;
    if (this.problems.length < 20) this.problems.push(what);
  }
}

async function oneRequest(url: string, counts: Counts): Promise<void> {
  const roll = Math.random();
  if (roll < 0.4) {
    const answer = await call(`${url}/v1/skills/${SKILL}/execute`, 'POST', SKILL_BODY);
    if (answer.status === 200) counts.sync++;
    else counts.problem(`sync execute answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  } else if (roll < 0.55) {
    const answer = await call(`${url}/v1/capabilities/${CAPABILITY}/execute`, 'POST', CAPABILITY_BODY);
    if (answer.status === 200) counts.capability++;
    else counts.problem(`capability execute answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  } else if (roll < 0.75) {
    const outcome = await oneStream(`${url}/v1/skills/${SKILL}/execute/stream`, SKILL_BODY);
    counts.streams++;
    if (outcome.events.includes('error')) counts.problem(`stream reported an error: ${outcome.events.join(', ')}`);
  } else {
    const answer = await call(`${url}/v1/skills/${SKILL}/execute/async`, 'POST', SKILL_BODY);
    const runId = jsonOf(answer)?.['run_id'];
    if (answer.status === 202 && typeof runId === 'string') {
      counts.runsLaunched++;
      counts.pendingRuns.add(runId);
      // The client polls its run to the end before its next request, as a caller would.
      while (counts.pendingRuns.has(runId) && (await pollRun(url, runId, counts))) await sleep(20);
    } else {
      counts.problem(`async launch answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
  }
}

/** One poll of a pending run: false once it is terminal, or gone (evicted before anyone saw it end: lost). */
async function pollRun(url: string, runId: string, counts: Counts): Promise<boolean> {
  const answer = await call(`${url}/v1/runs/${runId}`, 'GET');
  const status = jsonOf(answer)?.['status'];
  if (answer.status === 404) {
    // Never counted finished, so the books show it lost.
    counts.pendingRuns.delete(runId);
    counts.problem(`run ${runId} vanished (404) before it was seen finished`);
    return false;
  }
  if (status === 'completed' || status === 'failed') {
    counts.pendingRuns.delete(runId);
    if (status === 'completed') counts.runsCompleted++;
    else counts.runsFailed++;
    return false;
  }
  return true;
}

/** Dead letters seen so far, by subscription id. */
async function collectDeadLetters(url: string, seen: Map<string, Set<string>>): Promise<void> {
  const answer = await call(`${url}/v1/webhooks/dead-letters`, 'GET');
  const list = jsonOf(answer)?.['dead_letters'];
  if (answer.status !== 200 || !Array.isArray(list)) throw new Error(`GET /v1/webhooks/dead-letters answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  for (const letter of list as { id?: unknown; subscription_id?: unknown }[]) {
    if (typeof letter.id === 'string' && typeof letter.subscription_id === 'string') seen.get(letter.subscription_id)?.add(letter.id);
  }
}

async function subscribe(url: string, target: string, events: readonly string[]): Promise<string> {
  const answer = await call(`${url}/v1/webhooks`, 'POST', JSON.stringify({ url: target, events, secret: 'soak-secret-0123456789' }));
  const id = jsonOf(answer)?.['id'];
  if (answer.status !== 201 || typeof id !== 'string') throw new Error(`POST /v1/webhooks answered ${answer.status}: ${answer.body}`);
  return id;
}

export async function soak(options: SoakOptions): Promise<boolean> {
  const log = (line: string): boolean => process.stderr.write(`${line}\n`);
  const serverMain = await copyBuiltServer();
  const receiver = new Receiver();
  const receiverPort = await receiver.listen();
  const server = await startChild(
    [serverMain, '--port', '0', '--registry-root', join(ROOT, 'registry'), '--runtime-root', ROOT, '--rate-limit-requests', '1000000', '--rate-limit-window-seconds', '1'],
    { SERVICE_OUTBOUND_ALLOW: `127.0.0.1:${receiverPort}` },
  );
  try {
    await waitHealthy(server.url);
    const pid = server.child.pid;
    const steady = await subscribe(server.url, `http://127.0.0.1:${receiverPort}/steady`, ['skill.completed', 'skill.failed', 'run.completed', 'run.failed']);
    const flaky = await subscribe(server.url, `http://127.0.0.1:${receiverPort}/flaky`, ['run.completed', 'run.failed']);
    const deadLetters = new Map<string, Set<string>>([
      [steady, new Set()],
      [flaky, new Set()],
    ]);

    const counts = new Counts();
    const samples: RssSample[] = [];
    const started = performance.now();
    const deadline = started + options.minutes * 60_000;
    const elapsed = (): number => (performance.now() - started) / 1000;
    log(`soak: ${options.minutes} min, ${options.concurrency} clients, server pid ${String(pid)} at ${server.url}, receiver on :${receiverPort}`);

    const sampler = (async () => {
      while (performance.now() < deadline) {
        samples.push({ atSeconds: elapsed(), mb: await statusMb(pid) });
        await collectDeadLetters(server.url, deadLetters);
        const last = samples[samples.length - 1];
        log(
          `  ${elapsed().toFixed(0).padStart(5)} s  RSS ${last?.mb.toFixed(1)} MB  sync ${counts.sync}  capability ${counts.capability}  streams ${counts.streams}  runs ${counts.runsLaunched} (pending ${counts.pendingRuns.size})  unexpected ${counts.unexpected}`,
        );
        await sleep(Math.min(options.sampleSeconds * 1000, Math.max(0, deadline - performance.now())));
      }
      samples.push({ atSeconds: elapsed(), mb: await statusMb(pid) });
    })();
    const clients = Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        await oneRequest(server.url, counts).catch((error: unknown) => counts.problem(error instanceof Error ? error.message : String(error)));
      }
    });
    await Promise.all([sampler, ...clients]);

    // Settle: every run to a terminal state, every delivery to the receiver or the dead letters.
    log('traffic stopped; settling runs and deliveries…');
    receiver.flakyOutages = false;
    const asyncEvents = (): number => counts.runsCompleted + counts.runsFailed;
    const books = (): WebhookBooks[] => [
      { name: 'steady', expected: counts.sync + counts.streams + 2 * asyncEvents(), delivered: receiver.accepted.get('/steady')?.size ?? 0, deadLettered: deadLetters.get(steady)?.size ?? 0 },
      { name: 'flaky', expected: asyncEvents(), delivered: receiver.accepted.get('/flaky')?.size ?? 0, deadLettered: deadLetters.get(flaky)?.size ?? 0 },
    ];
    const settleBy = performance.now() + SETTLE_MS;
    for (;;) {
      for (const runId of [...counts.pendingRuns]) await pollRun(server.url, runId, counts);
      await collectDeadLetters(server.url, deadLetters);
      const settled = counts.pendingRuns.size === 0 && books().every((entry) => entry.delivered + entry.deadLettered >= entry.expected);
      if (settled || performance.now() > settleBy) break;
      await sleep(1000);
    }

    // The server's own books (deep health), to tell a lost delivery from one still waiting.
    const health = jsonOf(await call(`${server.url}/v1/health?deep=true`, 'GET'));
    const serverBooks = (health?.['checks'] as Record<string, unknown> | undefined)?.['webhooks'];

    const trend = rssTrend(samples, options.warmupFraction);
    const counted =
      typeof serverBooks === 'object' && serverBooks !== null && 'delivered' in serverBooks && 'dead_lettered' in serverBooks
        ? { delivered: Number(serverBooks.delivered), deadLettered: Number(serverBooks.dead_lettered) }
        : undefined;
    const tally = { launchedRuns: counts.runsLaunched, finishedRuns: asyncEvents(), webhooks: books(), server: counted, unexpected: counts.unexpected, trend };
    const failures = soakFailures(tally, options.maxGrowth);
    const seconds = elapsed();
    const mbs = samples.map((sample) => sample.mb);
    console.log(
      [
        `soak ${options.minutes} min (${seconds.toFixed(0)} s with settling), ${options.concurrency} clients`,
        `requests: sync ${counts.sync}, capability ${counts.capability}, streams ${counts.streams}, async runs ${counts.runsLaunched} (completed ${counts.runsCompleted}, failed ${counts.runsFailed}, never finished ${counts.pendingRuns.size}), unexpected ${counts.unexpected}`,
        `RSS samples (MB, every ${options.sampleSeconds} s): ${mbs.map((mb) => mb.toFixed(0)).join(' ')}`,
        trend === undefined
          ? 'RSS trend: not enough samples'
          : `RSS trend over ${trend.samples} samples after the first ${(options.warmupFraction * 100).toFixed(0)}%: ${trend.slopeMbPerMinute.toFixed(2)} MB/min, ${(trend.growth * 100).toFixed(1)}% over the window (limit ${(options.maxGrowth * 100).toFixed(0)}%); last third vs first third ${(trend.thirdsGrowth * 100).toFixed(1)}%`,
        ...tally.webhooks.map(
          (entry) => `webhooks '${entry.name}': ${entry.expected} events, ${entry.delivered} delivered, ${entry.deadLettered} dead-lettered, ${receiver.refused.get(`/${entry.name}`) ?? 0} attempts refused by the receiver`,
        ),
        `webhooks, the server's books: ${JSON.stringify(serverBooks ?? null)}`,
        ...counts.problems.map((problem) => `unexpected: ${problem}`),
        failures.length === 0 ? 'PASS' : `FAIL\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
      ].join('\n'),
    );
    return failures.length === 0;
  } finally {
    await stopChild(server.child);
    await receiver.close();
    agent.destroy();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.once('SIGINT', () => {
    killChildren();
    process.exit(130);
  });
  const passed = await soak(parseSoakArgs(process.argv.slice(2)));
  process.exitCode = passed ? 0 : 1;
}
