// The load generators against a real server on 127.0.0.1: wrk runs the generated Lua scripts (its
// JSON line parsed), and both generators count a malformed mix by kind. wrk comes from Debian's
// package, which .ci/apt-packages installs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { autocannonGenerator, wrkGenerator, wrkVersion, type LoadGenerator, type LoadTarget } from './load-generator.js';
import type { MalformedKind } from './wrk-script.js';

const GOOD = JSON.stringify({ inputs: { text: 'ok' } });
const KINDS: MalformedKind[] = [
  { name: 'bad-json', path: '/run', body: '{"inputs":', expectedStatus: 400, expectedCode: 'invalid_request' },
  { name: 'unknown', path: '/missing', body: GOOD, expectedStatus: 404, expectedCode: 'not_found' },
];

/**
 * Answers like the service would: 200 for a good body on /run, the contract's errors otherwise,
 * and the request's x-trace-id echoed (the wrk script tells a malformed kind's answers by it).
 */
function answer(req: IncomingMessage, res: ServerResponse): void {
  const traceId = req.headers['x-trace-id'];
  if (typeof traceId === 'string') res.setHeader('x-trace-id', traceId);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.url !== '/run') return json(404, { error: { code: 'not_found', message: 'no route' } });
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      json(200, { ok: true });
    } catch {
      json(400, { error: { code: 'invalid_request', message: 'bad JSON' } });
    }
  });
}

let server: Server;
let origin: string;
let served = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    served += 1;
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const generators: [string, () => Promise<LoadGenerator>][] = [
  [
    'wrk',
    () => {
      const version = wrkVersion();
      if (version === undefined) throw new Error('wrk is not installed (Debian package wrk; .ci/apt-packages lists it)');
      return wrkGenerator(version, { pinned: false, reason: 'a spec' });
    },
  ],
  ['autocannon', () => Promise.resolve(autocannonGenerator('a spec'))],
];

describe.each(generators)('%s', (_name, make) => {
  it('counts every answered request of a fixed POST, with latencies', async () => {
    const generator = await make();
    try {
      const before = served;
      const target: LoadTarget = { origin, method: 'POST', path: '/run', body: GOOD };
      const result = await generator.run(target, 1, 4);
      expect(result.requests).toBeGreaterThan(50);
      // Requests still in flight when the run stopped may be served but not counted.
      expect(served - before).toBeGreaterThanOrEqual(result.requests);
      expect(served - before).toBeLessThanOrEqual(result.requests + 4);
      expect(result.failures).toBe(0);
      // autocannon reports whole milliseconds (0 for a fast local answer); wrk microseconds.
      expect(result.p50Ms).toBeGreaterThanOrEqual(0);
      expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
      expect(result.p99Ms).toBeLessThan(1000);
    } finally {
      await generator.close();
    }
  });

  it('counts a malformed mix by kind and says which answers were the contract’s', async () => {
    const generator = await make();
    try {
      const result = await generator.run({ origin, method: 'POST', path: '/run', body: GOOD, malformed: { kinds: KINDS, everyNth: 5 } }, 1, 2);
      const answered = (kind: string, contract: boolean): number =>
        result.responses.filter((row) => row.kind === kind && row.contract === contract).reduce((sum, row) => sum + row.count, 0);
      expect(answered('good', true)).toBeGreaterThan(20);
      expect(answered('bad-json', true)).toBeGreaterThan(0);
      expect(answered('unknown', true)).toBeGreaterThan(0);
      for (const kind of ['good', 'bad-json', 'unknown']) expect(answered(kind, false)).toBe(0);
      // One in five is malformed, in turn.
      const malformed = answered('bad-json', true) + answered('unknown', true);
      expect(malformed / (malformed + answered('good', true))).toBeCloseTo(0.2, 1);
    } finally {
      await generator.close();
    }
  });
});
