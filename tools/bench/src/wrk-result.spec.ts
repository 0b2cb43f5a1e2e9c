import { describe, expect, it } from '@jest/globals';
import { failuresOf, parseWrkOutput } from './wrk-result.js';

// wrk's own text, then the line the script's `done` prints (the shape of a real run's stdout).
const WRK_TEXT = `Running 10s test @ http://127.0.0.1:4100/v1/skills/data.normalize-signup/execute
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     5.12ms    2.01ms  48.30ms   90.01%
    Req/Sec     3.14k   210.55     3.60k    71.00%
  62811 requests in 10.01s, 53.79MB read
Requests/sec:   6274.83
Transfer/sec:      5.37MB
`;
const line = (overrides: Record<string, unknown> = {}): string =>
  JSON.stringify({
    requests: 62811,
    duration_us: 10010000,
    errors: { connect: 0, read: 1, write: 0, status: 628, timeout: 2 },
    latency_us: { p50: 4870.5, p90: 7020, p99: 11900, max: 48300, mean: 5120.2 },
    responses: [
      { kind: 'good', status: 200, contract: true, count: 62183 },
      { kind: 'bad-json', status: 400, contract: true, count: 209 },
      { kind: 'unknown-skill', status: 500, contract: false, count: 1 },
    ],
    ...overrides,
  });

describe('parseWrkOutput', () => {
  it('reads the JSON line among wrk’s text: counts, duration in s, latency in µs, responses by kind', () => {
    const result = parseWrkOutput(`${WRK_TEXT}${line()}\n`);
    expect(result).toMatchObject({ requests: 62811, durationSeconds: 10.01, errors: { read: 1, status: 628, timeout: 2 }, latencyMicros: { p50: 4870.5, p99: 11900 } });
    expect(result.responses).toEqual([
      { kind: 'good', status: 200, contract: true, count: 62183 },
      { kind: 'bad-json', status: 400, contract: true, count: 209 },
      { kind: 'unknown-skill', status: 500, contract: false, count: 1 },
    ]);
    expect(failuresOf(result)).toBe(631);
  });

  it('takes the last result line, and an empty response list when the script kept none', () => {
    const result = parseWrkOutput(`${line({ requests: 1 })}\n${WRK_TEXT}${line({ requests: 2, responses: [] })}`);
    expect(result.requests).toBe(2);
    expect(result.responses).toEqual([]);
  });

  it('refuses output without a result line, quoting it (a refused connection must not read as 0 requests)', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:4100 Connection refused\n')).toThrow(/no result line:\nunable to connect/);
    expect(() => parseWrkOutput('{"requests": 12, oops}')).toThrow('not JSON');
  });

  it('refuses a line with a missing or non-numeric field', () => {
    expect(() => parseWrkOutput(line({ duration_us: undefined }))).toThrow('result.duration_us is not a number');
    expect(() => parseWrkOutput(line({ latency_us: { p50: 1, p90: 2, p99: 'x', max: 4, mean: 5 } }))).toThrow('latency_us.p99');
    expect(() => parseWrkOutput(line({ errors: null }))).toThrow('errors is not an object');
    expect(() => parseWrkOutput(line({ responses: [{ kind: 'good', status: 200, count: 1 }] }))).toThrow('responses[0] lacks kind or contract');
  });
});
