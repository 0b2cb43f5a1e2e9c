// Fault: an openapi provider process killed in the middle of a call. The call answers 502
// upstream_failure at once (not after a timeout), the service keeps answering meanwhile, and once a
// provider listens again on the same port the next call succeeds. The provider is a real node
// process (fault-provider below) the test SIGKILLs as soon as it has received the request.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import { openFaultService } from '../testing/fault-service.js';
import { listen, testApp, waitFor, type Listening } from '../testing/test-server.js';

const BOUND_MS = 30_000;
const TEXT = 'Alpha beta gamma delta epsilon';

/**
 * A provider: answers POST /v1/summaries with `{result: {text}}`, or, with HOLD=1, prints
 * "received" once the request body has arrived and never answers (so it can be killed mid-call).
 */
const PROVIDER = `
import { createServer } from 'node:http';
const hold = process.env.HOLD === '1';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (hold) { process.stdout.write('received\\n'); return; }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: { text: 'summary of ' + body.length + ' bytes' } }));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
`;

interface Provider {
  readonly child: ChildProcess;
  readonly port: number;
  /** stdout so far. */
  readonly output: () => string;
}

const providers = new Set<ChildProcess>();

async function startProvider(port: number, hold: boolean): Promise<Provider> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROVIDER], {
    env: { PATH: process.env['PATH'] ?? '', PORT: String(port), HOLD: hold ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  providers.add(child);
  child.once('exit', () => providers.delete(child));
  let output = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => (output += chunk));
  await waitFor('the provider to listen', () => /port \d+/.test(output) || child.exitCode !== null, 10_000);
  const listening = /port (\d+)/.exec(output);
  if (listening === null) throw new Error(`the provider did not start: ${output}`);
  return { child, port: Number(listening[1]), output: () => output };
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const post = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(BOUND_MS) });

describe('an openapi provider killed mid-call', () => {
  let service: SkillService;
  let server: Listening;
  let port: number;

  beforeAll(async () => {
    // The first provider only reserves a free port for the service's configuration.
    const first = await startProvider(0, true);
    port = first.port;
    await killed(first.child);
    service = await openFaultService({ FAULT_PROVIDER_PORT: String(port), SERVICE_OUTBOUND_ALLOW: `127.0.0.1:${port}` });
    server = await listen(testApp(service).app);
  }, BOUND_MS);

  afterAll(async () => {
    await Promise.all([...providers].map(killed));
    await server.close();
    await service.close();
  });

  it(
    'answers 502 upstream_failure for the call in flight, serves others meanwhile, and recovers with the provider',
    async () => {
      const holding = await startProvider(port, true);
      const call = post(`${server.url}/v1/capabilities/fault.remote.summarize/execute`, { inputs: { text: TEXT } });
      await waitFor('the provider to receive the call', () => holding.output().includes('received'), 10_000);
      // Meanwhile the service answers other requests.
      expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
      await killed(holding.child);

      const answer = await call;
      expect(answer.status).toBe(502);
      const body = (await answer.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('upstream_failure');
      expect(body.error.message).not.toMatch(/\/work\/|\bat \w+ \(/); // no paths, no stack

      // The skill over the same capability fails the same way while the provider is gone …
      const skill = await post(`${server.url}/v1/skills/fault.remote-summary/execute`, { inputs: { text: TEXT } });
      expect(skill.status).toBe(502);
      expect(((await skill.json()) as { error: { code: string } }).error.code).toBe('upstream_failure');

      // … and succeeds once a provider listens on the port again.
      await startProvider(port, false);
      const recovered = await post(`${server.url}/v1/skills/fault.remote-summary/execute`, { inputs: { text: TEXT } });
      expect(recovered.status).toBe(200);
      expect(((await recovered.json()) as { outputs: unknown }).outputs).toEqual({ summary: expect.stringMatching(/^summary of \d+ bytes$/) });
    },
    BOUND_MS * 2,
  );
});
